// One page of a folder (list-v2's keyset cursor, so page 100 of a 10,000-object folder costs
// what page 1 does), and what a listed entry is.
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import { asFolder } from '../folder-ops.js';
import type { SortColumn, SortOrder } from '../location.js';
import { areaRootOf, trashFolderOf } from '../trash.js';

/** Storage has no folders: an empty object of this name keeps an empty one (as Supabase Studio does). */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';
export const PAGE_SIZE = 100;

export interface Entry {
  kind: 'folder' | 'file';
  /** The name inside the folder. */
  name: string;
  /** The full object name (folders end in `/`). */
  key: string;
  size: number | null;
  type: string | null;
  updatedAt: string | null;
}

export interface FolderPage {
  entries: Entry[];
  nextCursor: string | null;
}

function nameIn(folder: string, key: string): string {
  return key.slice(folder.length).replace(/\/$/, '');
}

export async function listFolderPage(
  supabase: SupabaseClient,
  bucket: string,
  folder: string,
  options: { filter: string; sort: SortColumn; order: SortOrder; cursor: string | null },
): Promise<FolderPage> {
  const { data, error } = await supabase.storage.from(bucket).listV2({
    prefix: `${folder}${options.filter}`,
    with_delimiter: true,
    limit: PAGE_SIZE,
    sortBy: { column: options.sort, order: options.order },
    ...(options.cursor ? { cursor: options.cursor } : {}),
  });
  if (error) throw filesFailure(error);
  // Storage gives a folder's key without the trailing slash ("a/b"); entries keep it ("a/b/").
  // An area's trash is no folder of its own: it has its own view (`?trash`).
  const trash = areaRootOf(folder) === folder ? trashFolderOf(folder) : null;
  const folders: Entry[] = data.folders
    .filter((f) => asFolder(f.key ?? f.name) !== trash)
    .map((f) => ({
    kind: 'folder',
    name: nameIn(folder, asFolder(f.key ?? f.name)),
    key: asFolder(f.key ?? f.name),
    size: null,
    type: null,
    updatedAt: null,
  }));
  const files: Entry[] = data.objects
    .map((o) => ({ key: o.key ?? o.name, o }))
    .filter(({ key }) => !key.endsWith(`/${FOLDER_PLACEHOLDER}`) && key !== FOLDER_PLACEHOLDER)
    .map(({ key, o }) => ({
      kind: 'file',
      name: nameIn(folder, key),
      key,
      size: typeof o.metadata?.size === 'number' ? o.metadata.size : null,
      type: typeof o.metadata?.mimetype === 'string' ? o.metadata.mimetype : null,
      updatedAt: o.updated_at ?? null,
    }));
  return {
    entries: [...folders, ...files],
    nextCursor: data.hasNext ? (data.nextCursor ?? null) : null,
  };
}

/** The last part of an object name: `me/a/b.txt` → `b.txt`. */
export function nameOfKey(key: string): string {
  const trimmed = key.replace(/\/$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
