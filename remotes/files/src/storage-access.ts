// The only code that calls supabase-js: which areas a person may reach, a bucket's limits, one
// page of a folder (list-v2's keyset cursor, so page 100 of a 10,000-object folder costs what
// page 1 does), and the file operations.
import type { Database, Enums } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeFailure, FilesFailure, filesFailure } from './failures.js';
import { asFolder, type PlannedMove } from './folder-ops.js';
import { placeInWords, type Area } from './places.js';

export type { Area } from './places.js';
import { areaRootOf, TRASH_FOLDER, trashFolderOf, trashItems, type TrashItem } from './trash.js';
import { isNameTaken, keepBothName, nameParts, type BucketLimits } from './upload/checks.js';
import type { SortColumn, SortOrder } from './location.js';

export const FILES_BUCKET = 'files';
export const PUBLIC_BUCKET = 'public-assets';
/** Storage has no folders: an empty object of this name keeps an empty one (as Supabase Studio does). */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';
export const PAGE_SIZE = 100;

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

/**
 * Every object name under `prefix` (a folder's whole content, however deep), page by page; a
 * refusal names the folder as one of the person's `places` ("My files / archive").
 */
export async function listKeysUnder(
  supabase: SupabaseClient,
  bucket: string,
  prefix: string,
  places: readonly Area[],
): Promise<string[]> {
  const keys: string[] = [];
  const what = `What is in “${placeInWords(places, bucket, prefix)}” could not be listed`;
  for await (const page of everyPage(supabase, bucket, { prefix }, what))
    keys.push(...page.objects.map((o) => o.key ?? o.name));
  return keys;
}

type ListOptions = NonNullable<Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0]>;
type ListPage = NonNullable<Awaited<ReturnType<ReturnType<SupabaseClient['storage']['from']>['listV2']>>['data']>;

/** Every page of a listing, a thousand entries each, following its cursor; a refusal said after `what`. */
async function* everyPage(
  supabase: SupabaseClient,
  bucket: string,
  options: Omit<ListOptions, 'limit' | 'cursor'>,
  what: string,
): AsyncGenerator<ListPage> {
  let cursor: string | undefined;
  do {
    const { data, error } = await supabase.storage.from(bucket).listV2({
      ...options,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    if (error) throw filesFailure(error, what);
    yield data;
    cursor = data.hasNext ? data.nextCursor : undefined;
  } while (cursor);
}

/** The objects under each selected folder, keyed by the folder's key (files need no lookup). */
export async function keysUnderFolders(
  supabase: SupabaseClient,
  bucket: string,
  selected: readonly Entry[],
  places: readonly Area[],
): Promise<Record<string, string[]>> {
  const folders = selected.filter((entry) => entry.kind === 'folder');
  const lists = await Promise.all(
    folders.map((entry) =>
      listKeysUnder(supabase, bucket, entry.key.endsWith('/') ? entry.key : `${entry.key}/`, places),
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

/** Lifetimes the share dialog offers for a link, in seconds; null: until it is revoked. */
export const SHARE_EXPIRIES = [3600, 86400, 604800, null] as const;

export interface ShareLink {
  id: string;
  /** What to send: the `file-share` function's address for this link (it needs no key). */
  url: string;
  createdBy: string;
  /** The maker's display name, when the person may read their profile. */
  createdByName: string | null;
  createdAt: Date;
  /** null: until revoked. */
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  revokedByName: string | null;
  state: 'active' | 'expired' | 'revoked';
}

/**
 * The address of share link `id`: the project's `file-share` function. supabase-js keeps the
 * project's URL to itself; storage's public address of any name starts with it (`<url>/storage/v1/…`).
 */
export function shareLinkUrl(supabase: SupabaseClient, id: string): string {
  const sample = supabase.storage.from(FILES_BUCKET).getPublicUrl('x').data.publicUrl;
  const base = sample.slice(0, sample.indexOf('/storage/v1/'));
  return `${base}/functions/v1/file-share/${id}`;
}

interface ShareRow {
  id: string;
  created_by: string;
  created_by_name?: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  revoked_by?: string | null;
  revoked_by_name?: string | null;
}

function shareOf(supabase: SupabaseClient, row: ShareRow, now = Date.now()): ShareLink {
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
  return {
    id: row.id,
    url: shareLinkUrl(supabase, row.id),
    createdBy: row.created_by,
    createdByName: row.created_by_name ?? null,
    createdAt: new Date(row.created_at),
    expiresAt,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    revokedBy: row.revoked_by ?? null,
    revokedByName: row.revoked_by_name ?? null,
    state: row.revoked_at ? 'revoked' : expiresAt && expiresAt.getTime() <= now ? 'expired' : 'active',
  };
}

/**
 * A share link to one object (a row of `file_shares`, see its migration for why not a signed
 * URL): it works for anyone holding it until `seconds` have passed (null: until revoked), and
 * stops at once when revoked.
 */
export async function createShareLink(
  supabase: SupabaseClient<Database>,
  bucket: string,
  key: string,
  seconds: number | null,
): Promise<ShareLink> {
  const { data, error } = await supabase.rpc('create_file_share', {
    p_bucket: bucket,
    p_name: key,
    ...(seconds === null ? {} : { p_expires_at: new Date(Date.now() + seconds * 1000).toISOString() }),
  });
  if (error) throw filesFailure(error);
  return shareOf(supabase, data as ShareRow);
}

/** The links to one object the person may see: their own, and every one where they may change the file. */
export async function listShareLinks(
  supabase: SupabaseClient<Database>,
  bucket: string,
  key: string,
): Promise<ShareLink[]> {
  const { data, error } = await supabase.rpc('list_file_shares', { p_bucket: bucket, p_name: key });
  if (error) throw filesFailure(error, 'The links to this file could not be listed');
  return (data as ShareRow[]).map((row) => shareOf(supabase, row));
}

/** Revokes a link: it stops working at once (the database stamps who and when). */
export async function revokeShareLink(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { data, error } = await supabase
    .from('file_shares')
    .update({ revoked_at: new Date().toISOString() })
    .eq('id', id)
    .select('id');
  if (error) throw filesFailure(error, 'The link could not be revoked');
  if (data.length === 0)
    throw new FilesFailure('The link could not be revoked: you may revoke only your own links and the links of files you may change.');
}

/** How a batch of moves ended: all made, or none (put back), or stopped with some stuck. */
export type MoveOutcome =
  | { kind: 'moved'; count: number }
  /** One move was refused; the ones made before it were moved back: nothing changed. */
  | { kind: 'refused'; failed: PlannedMove; reason: string }
  /** One move was refused, and some made before it could not be moved back either. */
  | { kind: 'stuck'; failed: PlannedMove; reason: string; stuck: PlannedMove[] };

/**
 * Makes `moves` one by one (storage moves one object per request) as one change from the
 * person's view: at the first refusal the moves already made are made backwards, newest first, so
 * nothing is left half moved. Only when putting back fails too are some objects left at their new
 * names, and the outcome names them. Storage's move keeps the object (its id, share links, search
 * document); across buckets it would be a copy and a delete, which no area of the files remote
 * needs: My files and every project live in the one `files` bucket.
 */
export async function moveAllOrNothing(
  supabase: SupabaseClient,
  bucket: string,
  moves: readonly PlannedMove[],
): Promise<MoveOutcome> {
  const files = supabase.storage.from(bucket);
  const made: PlannedMove[] = [];
  for (const move of moves) {
    const { error } = await files.move(move.from, move.to).catch((thrown: unknown) => ({ error: thrown }));
    if (!error) {
      made.push(move);
      continue;
    }
    const reason = isNameTaken(error) ? `“${nameOfKey(move.to)}” exists there already` : describeFailure(error);
    const stuck: PlannedMove[] = [];
    for (const done of made.reverse()) {
      const back = await files.move(done.to, done.from).catch((thrown: unknown) => ({ error: thrown }));
      if (back.error) stuck.push(done);
    }
    return stuck.length === 0
      ? { kind: 'refused', failed: move, reason }
      : { kind: 'stuck', failed: move, reason, stuck };
  }
  return { kind: 'moved', count: made.length };
}

/** The last part of an object name: `me/a/b.txt` → `b.txt`. */
export function nameOfKey(key: string): string {
  const trimmed = key.replace(/\/$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * A batch of moves in `bucket` that did not happen, in words (`what`: "move", "restore"…); files
 * left at their new names are named as places of the person's (`places`: "My files / a.txt").
 */
export function moveFailureInWords(
  outcome: Exclude<MoveOutcome, { kind: 'moved' }>,
  what: string,
  bucket: string,
  places: readonly Area[],
): string {
  const refused = `storage refused to ${what} “${nameOfKey(outcome.failed.from)}”: ${outcome.reason}.`;
  if (outcome.kind === 'refused') return `Nothing was changed: ${refused}`;
  const stuck = outcome.stuck.map((move) => `“${placeInWords(places, bucket, move.to)}”`).join(', ');
  return `This stopped half-way: ${refused} ${outcome.stuck.length} ${
    outcome.stuck.length === 1 ? 'file' : 'files'
  } could not be put back and ${outcome.stuck.length === 1 ? 'is' : 'are'} now at ${stuck}.`;
}

/**
 * Which of `names` exist in `folder` (as a file or a folder): storage's search by the start of a
 * name, one short request each, however large the folder. A refusal names the folder as one of
 * the person's `places`.
 */
export async function namesTakenIn(
  supabase: SupabaseClient,
  bucket: string,
  folder: string,
  names: readonly string[],
  places: readonly Area[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  const what = `What is in “${placeInWords(places, bucket, folder)}” could not be read`;
  await Promise.all(
    names.map(async (name) => {
      const { data, error } = await supabase.storage
        .from(bucket)
        .list(folder.replace(/\/$/, ''), { search: name, limit: 100, sortBy: { column: 'name', order: 'asc' } });
      if (error) throw filesFailure(error, what);
      if (data.some((entry) => entry.name === name)) taken.add(name);
    }),
  );
  return taken;
}

/**
 * The folders directly in `folder` (the trash of an area left out), for the folder picker; a
 * refusal names the folder as one of the person's `places` ("The folders in “My files”…").
 */
export async function listSubfolders(
  supabase: SupabaseClient,
  bucket: string,
  folder: string,
  places: readonly Area[],
): Promise<string[]> {
  const names: string[] = [];
  const listing = { prefix: folder, with_delimiter: true, sortBy: { column: 'name', order: 'asc' } } as const;
  const what = `The folders in “${placeInWords(places, bucket, folder)}” could not be listed`;
  for await (const page of everyPage(supabase, bucket, listing, what)) {
    for (const f of page.folders) {
      const name = nameOfKey(f.key ?? f.name);
      if (!(name === TRASH_FOLDER && areaRootOf(folder) === folder)) names.push(name);
    }
  }
  return names;
}

/** Deletes objects for good, a thousand at a time; says how many storage deleted. */
export async function removeKeys(
  supabase: SupabaseClient,
  bucket: string,
  keys: readonly string[],
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < keys.length; i += 1000) {
    const { data, error } = await supabase.storage.from(bucket).remove(keys.slice(i, i + 1000));
    if (error) throw filesFailure(error);
    removed += data.length;
  }
  return removed;
}

/** What is in an area's trash, newest deletion first. */
export async function listTrash(
  supabase: SupabaseClient,
  bucket: string,
  root: string,
): Promise<TrashItem[]> {
  const prefix = trashFolderOf(root);
  const objects: { key: string; size: number | null }[] = [];
  for await (const page of everyPage(supabase, bucket, { prefix }, 'The trash could not be read'))
    for (const o of page.objects)
      objects.push({
        key: o.key ?? o.name,
        size: typeof o.metadata?.size === 'number' ? o.metadata.size : null,
      });
  return trashItems(root, objects);
}

/** Who uploaded or last changed (or moved) an object, as the person may know them. */
export interface Author {
  id: string;
  /** Their display name, when the person may read their profile. */
  name: string | null;
}

/**
 * How a page names an author: "You", else their display name as the portal's profiles store has
 * it now (`useProfiles()`, followed live), else as the database said when the listing was read,
 * else "Someone else" (a person who set no name, or whom this person may not see).
 */
export function authorName(
  author: Author,
  me: string | null,
  profiles: ReadonlyMap<string, { name: string | null }>,
): string {
  if (author.id === me) return 'You';
  return profiles.get(author.id)?.name ?? author.name ?? 'Someone else';
}

/** The author of each of `keys` the person may read (storage records the last writer). */
export async function objectAuthors(
  supabase: SupabaseClient<Database>,
  bucket: string,
  keys: readonly string[],
): Promise<Map<string, Author>> {
  const authors = new Map<string, Author>();
  if (keys.length === 0) return authors;
  const { data, error } = await supabase.rpc('files_object_authors', {
    p_bucket: bucket,
    p_names: [...keys],
  });
  if (error) throw filesFailure(error);
  for (const row of data) if (row.author_id) authors.set(row.name, { id: row.author_id, name: row.display_name });
  return authors;
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
