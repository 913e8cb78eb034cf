// The only code that calls supabase-js: which areas a person may reach, a bucket's limits, one
// page of a folder (list-v2's keyset cursor, so page 100 of a 10,000-object folder costs what
// page 1 does), and the file operations.
import type { Database, Enums } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeFailure, filesFailure } from './failures.js';
import { asFolder } from './folder-ops.js';
import { isNameTaken, keepBothName, nameParts, type BucketLimits } from './upload/checks.js';
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
  /**
   * Whether the person may change files here, and when not, why (in their words). The policies
   * decide in the end; this only keeps the page from offering what they would refuse.
   */
  readOnly: string | null;
}

export type ProjectRole = 'owner' | Enums<'member_role'>;

export interface ProjectRef {
  id: number;
  name: string;
  role: ProjectRole;
}

/** Said where a folder belongs to none of the person's areas (someone else's, say). */
export const NOT_YOURS =
  'This folder is not one of yours: you can see and change only your own files and the files of your projects.';

const PROJECT_DESCRIPTIONS: Record<ProjectRole, string> = {
  owner: 'Shared with the project’s members. You own this project.',
  editor: 'Shared with the project’s members. You can add, change and delete files.',
  viewer: 'Shared with the project’s members. You can see and download files.',
};

/** My files, each project the person is a member of (with their role), and the public assets. */
export async function listAreas(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<{ areas: Area[]; projects: ProjectRef[] }> {
  const [projectRows, memberRows] = await Promise.all([
    supabase.from('projects').select('id, name, owner_id').order('name'),
    supabase.from('project_members').select('project_id, role').eq('user_id', userId),
  ]);
  if (projectRows.error) throw filesFailure(projectRows.error);
  if (memberRows.error) throw filesFailure(memberRows.error);
  const roles = new Map(memberRows.data.map((m) => [m.project_id, m.role]));
  const projects: ProjectRef[] = projectRows.data.map((p) => ({
    id: p.id,
    name: p.name,
    role: p.owner_id === userId ? 'owner' : (roles.get(p.id) ?? 'viewer'),
  }));
  const areas: Area[] = [
    {
      label: 'My files',
      description: 'Only you can see these.',
      bucket: FILES_BUCKET,
      folder: `${userId}/`,
      readOnly: null,
    },
    ...projects.map((project) => ({
      label: project.name,
      description: PROJECT_DESCRIPTIONS[project.role],
      bucket: FILES_BUCKET,
      folder: `projects/${project.id}/`,
      readOnly:
        project.role === 'viewer'
          ? 'You are a viewer of this project: you can see and download its files; only its owner and editors can upload, rename, move or delete them.'
          : null,
    })),
    {
      label: 'Public assets',
      description: 'Anyone can read these.',
      bucket: PUBLIC_BUCKET,
      folder: '',
      readOnly: 'Anyone can read the files here; only the service can change them.',
    },
  ];
  return { areas, projects };
}

export interface BucketFacts extends BucketLimits {
  public: boolean;
}

export async function readBucket(supabase: SupabaseClient, bucket: string): Promise<BucketFacts> {
  const { data, error } = await supabase.storage.getBucket(bucket);
  if (error) throw filesFailure(error);
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
  if (error) throw filesFailure(error);
  // Storage gives a folder's key without the trailing slash ("a/b"); entries keep it ("a/b/").
  const folders: Entry[] = data.folders.map((f) => ({
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

/**
 * The names in `key`'s folder that "keep both" could pick for it (`photo (1).png`…): storage's
 * search by the start of the name, so only those entries are read, however large the folder.
 */
export async function keepBothNamesTaken(
  supabase: SupabaseClient,
  bucket: string,
  key: string,
): Promise<Set<string>> {
  const { folder, stem } = nameParts(key);
  const taken = new Set<string>();
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const { data, error } = await supabase.storage.from(bucket).list(folder.replace(/\/$/, ''), {
      search: `${stem} (`,
      limit,
      offset,
      sortBy: { column: 'name', order: 'asc' },
    });
    if (error) throw filesFailure(error);
    for (const entry of data) taken.add(`${folder}${entry.name}`);
    if (data.length < limit) return taken;
  }
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
    if (error) throw filesFailure(error, `What is in “${prefix}” could not be listed`);
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

/** The grid's thumbnails: small renditions from storage's image transformation, not the originals. */
export const THUMBNAIL = { width: 240, height: 240, resize: 'cover' } as const;

/**
 * Thumbnail addresses of `keys` (object name → URL): the public render URL in a public bucket,
 * a signed render URL otherwise (one request per image: a batch of signed URLs takes no
 * transformation). An image the person may not read simply has no thumbnail.
 */
export async function thumbnailUrls(
  supabase: SupabaseClient,
  bucket: string,
  isPublic: boolean,
  keys: readonly string[],
  expiresIn = 600,
): Promise<Record<string, string>> {
  const files = supabase.storage.from(bucket);
  if (isPublic)
    return Object.fromEntries(
      keys.map((key) => [key, files.getPublicUrl(key, { transform: THUMBNAIL }).data.publicUrl]),
    );
  const signed = await Promise.all(
    keys.map(async (key) => {
      const { data } = await files.createSignedUrl(key, expiresIn, { transform: THUMBNAIL });
      return data ? ([[key, data.signedUrl]] as const) : [];
    }),
  );
  return Object.fromEntries(signed.flat());
}

/** Lifetimes the share dialog offers for a signed link, in seconds. */
export const SHARE_EXPIRIES = [3600, 86400, 604800] as const;

/**
 * A signed link to one object that works for anyone holding it for `seconds`, and when it stops
 * working (as the person's clock reads it when the link is made).
 */
export async function createShareLink(
  supabase: SupabaseClient,
  bucket: string,
  key: string,
  seconds: number,
): Promise<{ url: string; expires: Date }> {
  const { data, error } = await supabase.storage.from(bucket).createSignedUrl(key, seconds);
  if (error) throw filesFailure(error);
  return { url: data.signedUrl, expires: new Date(Date.now() + seconds * 1000) };
}

/** Moves objects one by one; stops at the first refusal and says which object and why. */
export async function moveObjects(
  supabase: SupabaseClient,
  bucket: string,
  moves: readonly { from: string; to: string }[],
): Promise<string | null> {
  for (const { from, to } of moves) {
    const { error } = await supabase.storage.from(bucket).move(from, to);
    if (error) return `Could not move “${from}” to “${to}”: ${describeFailure(error)}`;
  }
  return null;
}

export type CopyOutcome =
  | { kind: 'copied'; key: string }
  | { kind: 'exists'; key: string }
  | { kind: 'refused'; reason: string };

/**
 * Copies one object to `to`. A name that is taken is refused by storage and answered as
 * `exists` (the person is asked); with `replace` the copy takes its place, in one request
 * (`x-upsert`), so a refused replacement leaves the existing object as it was.
 */
export async function copyObject(
  supabase: SupabaseClient,
  bucket: string,
  from: string,
  to: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<CopyOutcome> {
  const files = supabase.storage.from(bucket);
  const { error } = await (replace ? files.setHeader('x-upsert', 'true') : files).copy(from, to);
  if (!error) return { kind: 'copied', key: to };
  if (!replace && isNameTaken(error)) return { kind: 'exists', key: to };
  return { kind: 'refused', reason: describeFailure(error) };
}

/** How many times a "keep both" name taken meanwhile (storage refuses it) is replaced by the next. */
export const KEEP_BOTH_RETRIES = 3;

/**
 * Copies `from` beside `taken` (a name that exists) under the first free numbered name
 * (`b copy (1).txt`…), numbering past the names storage finds (`keepBothNamesTaken`), never
 * over one: a name taken meanwhile is refused by storage and the next is tried.
 */
export async function copyKeepingBoth(
  supabase: SupabaseClient,
  bucket: string,
  from: string,
  taken: string,
): Promise<CopyOutcome> {
  const known = new Set([taken]);
  for (let attempt = 0; ; attempt += 1) {
    // Unread, the names known here are all there is; one taken after all is refused and skipped.
    const found = await keepBothNamesTaken(supabase, bucket, taken).catch(() => new Set<string>());
    const name = keepBothName(taken, new Set([...known, ...found]));
    const outcome = await copyObject(supabase, bucket, from, name);
    if (outcome.kind !== 'exists' || attempt >= KEEP_BOTH_RETRIES) return outcome;
    known.add(name);
  }
}
