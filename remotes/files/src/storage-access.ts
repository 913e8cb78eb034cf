// The only code that calls supabase-js: which areas a person may reach, a bucket's limits, one
// page of a folder (list-v2's keyset cursor, so page 100 of a 10,000-object folder costs what
// page 1 does), and the file operations.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BucketLimits } from './upload/checks.js';
import type { SortColumn, SortOrder } from './location.js';

export const FILES_BUCKET = 'files';
export const PUBLIC_BUCKET = 'public-assets';
/** Storage has no folders: an empty object of this name keeps an empty one (as Supabase Studio does). */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';
export const PAGE_SIZE = 100;

export interface Area {
  label: string;
  description: string;
  bucket: string;
  folder: string;
}

export interface ProjectRef {
  id: number;
  name: string;
}

/** My files, each project the person is a member of, and the public assets. */
export async function listAreas(
  supabase: SupabaseClient,
  userId: string,
): Promise<{ areas: Area[]; projects: ProjectRef[] }> {
  const { data, error } = await supabase.from('projects').select('id, name').order('name');
  if (error) throw new Error(error.message);
  const projects = (data ?? []) as ProjectRef[];
  const areas: Area[] = [
    {
      label: 'My files',
      description: 'Only you can see these.',
      bucket: FILES_BUCKET,
      folder: `${userId}/`,
    },
    ...projects.map((project) => ({
      label: project.name,
      description: 'Shared with the project’s members.',
      bucket: FILES_BUCKET,
      folder: `projects/${project.id}/`,
    })),
    {
      label: 'Public assets',
      description: 'Anyone can read these.',
      bucket: PUBLIC_BUCKET,
      folder: '',
    },
  ];
  return { areas, projects };
}

export interface BucketFacts extends BucketLimits {
  public: boolean;
}

export async function readBucket(supabase: SupabaseClient, bucket: string): Promise<BucketFacts> {
  const { data, error } = await supabase.storage.getBucket(bucket);
  if (error) throw new Error(error.message);
  return {
    public: data.public,
    fileSizeLimit: data.file_size_limit ?? null,
    allowedMimeTypes: data.allowed_mime_types ?? null,
  };
}

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
  if (error) throw new Error(error.message);
  const folders: Entry[] = data.folders.map((f) => ({
    kind: 'folder',
    name: nameIn(folder, f.key ?? f.name),
    key: f.key ?? f.name,
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

/** Every object name under `prefix` (a folder's whole content, however deep), page by page. */
export async function listKeysUnder(
  supabase: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await supabase.storage.from(bucket).listV2({
      prefix,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    if (error) throw new Error(error.message);
    keys.push(...data.objects.map((o) => o.key ?? o.name));
    cursor = data.hasNext ? data.nextCursor : undefined;
  } while (cursor);
  return keys;
}

/** The objects under each selected folder, keyed by the folder's key (files need no lookup). */
export async function keysUnderFolders(
  supabase: SupabaseClient,
  bucket: string,
  selected: readonly Entry[],
): Promise<Record<string, string[]>> {
  const folders = selected.filter((entry) => entry.kind === 'folder');
  const lists = await Promise.all(
    folders.map((entry) =>
      listKeysUnder(supabase, bucket, entry.key.endsWith('/') ? entry.key : `${entry.key}/`),
    ),
  );
  return Object.fromEntries(folders.map((entry, index) => [entry.key, lists[index]!]));
}

/** Moves objects one by one; stops at the first refusal and says which object and why. */
export async function moveObjects(
  supabase: SupabaseClient,
  bucket: string,
  moves: readonly { from: string; to: string }[],
): Promise<string | null> {
  for (const { from, to } of moves) {
    const { error } = await supabase.storage.from(bucket).move(from, to);
    if (error) return `Could not move “${from}” to “${to}”: ${error.message}`;
  }
  return null;
}
