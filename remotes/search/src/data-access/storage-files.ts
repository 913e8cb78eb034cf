// Files already in the person's storage, for adding them as documents: the files remote's
// `files` bucket, their own folder (`<user id>/…`) and the areas of the projects they belong to
// (`projects/<id>/…`). Everything goes through the shell's client, so storage's row level
// security decides what is listed and downloaded, as in the files remote.
import type { Database } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { searchFailure } from '../failures.js';
import { sourceOfFile } from '../text/extract-text.js';
import type { StorageSource } from './search-api.js';

export const FILES_BUCKET = 'files';
/** Storage keeps empty folders alive with this object; it is no file of the person's. */
const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

export interface StorageArea {
  label: string;
  /** The area's folder, ending in "/". */
  folder: string;
}

export interface StorageEntry {
  name: string;
  /** The full path in the bucket (a folder's ends in "/"). */
  path: string;
  kind: 'folder' | 'file';
  size: number | null;
  /** Files only: whether it can be added (text, Markdown, HTML or PDF). */
  addable: boolean;
}

/** Their own folder, then each project they belong to, by name. */
export async function listStorageAreas(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<StorageArea[]> {
  const { data, error } = await supabase.from('projects').select('id, name').order('name');
  if (error) throw searchFailure(error, 'Your projects could not be listed');
  return [
    { label: 'My files', folder: `${userId}/` },
    ...data.map((project) => ({
      label: `Project: ${project.name}`,
      folder: `projects/${project.id}/`,
    })),
  ];
}

export async function listStorageFolder(
  supabase: SupabaseClient,
  folder: string,
): Promise<StorageEntry[]> {
  const { data, error } = await supabase.storage
    .from(FILES_BUCKET)
    .list(folder.replace(/\/$/, ''), { limit: 1000, sortBy: { column: 'name', order: 'asc' } });
  if (error) throw searchFailure(error, `${folder} could not be listed`);
  // An area's trash (`.trash/` at its top, the files remote's) holds deleted files: not offered.
  const atAreaTop = /^(projects\/[0-9]+|[0-9a-f-]{36})\/$/.test(folder);
  return data
    .filter((item) => item.name !== FOLDER_PLACEHOLDER && !(atAreaTop && item.name === '.trash'))
    .map((item) => {
      // Folders come without an id (they are prefixes, not objects).
      const isFolder = item.id === null;
      const metadata = item.metadata as { mimetype?: string; size?: number } | null;
      return {
        name: item.name,
        path: `${folder}${item.name}${isFolder ? '/' : ''}`,
        kind: isFolder ? 'folder' : 'file',
        size: isFolder ? null : (metadata?.size ?? null),
        addable: !isFolder && sourceOfFile(item.name, metadata?.mimetype ?? '') !== null,
      };
    });
}

/**
 * Downloads a stored file with the person's own rights. Never from the browser's cache: objects
 * are served with a max-age (an hour by default), and re-indexing must read the file as it is now.
 */
export async function downloadStoredFile(
  supabase: SupabaseClient,
  source: StorageSource,
): Promise<Blob> {
  const { data, error } = await supabase.storage
    .from(source.bucket)
    .download(source.path, {}, { cache: 'no-store' });
  if (error) throw searchFailure(error, `${source.path} could not be read from your storage`);
  return data;
}
