// Listing objects under a prefix, in a caller's transaction (RLS decides which rows exist).
// list (v1): one folder level, folders as `{name, id:null, metadata:null…}`, names relative to
// the prefix, case-insensitive prefix+search, limit/offset — as storage.search().
// list-v2: S3 ListObjectsV2-like, full keys, optional "/" delimiter, keyset cursor.
import type { Queryable } from '../../db/database.js';
import { storageErrors } from '../errors.js';
import { escapeLike } from './names.js';
import type { ObjectMetadata } from './rows.js';

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

export type SearchSortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

export interface SearchQuery {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: SearchSortColumn;
  sortOrder: 'asc' | 'desc';
}

/** `folder` → `folder/` (storage-api treats the prefix as a folder). */
export function folderPrefix(prefix: string): string {
  return prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix;
}

export async function searchObjects(tx: Queryable, bucketId: string, query: SearchQuery): Promise<ListEntry[]> {
  const prefix = folderPrefix(query.prefix);
  const direction = query.sortOrder === 'desc' ? 'desc' : 'asc';
  // Name sorting interleaves folders and files (case-insensitively); other columns list the
  // folders first, by name, then the files by that column.
  const orderBy =
    query.sortColumn === 'name'
      ? `lower(name) collate "C" ${direction}, name collate "C" ${direction}`
      : `is_folder desc, case when is_folder then lower(name) end collate "C" ${direction},
         "${query.sortColumn}" ${direction}, name collate "C" ${direction}`;
  const { rows } = await tx.query<ListEntry>(
    `with matched as (
       select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              substr(o.name, $3::int + 1) as rel
       from storage.objects o
       where o.bucket_id = $1 and lower(o.name) like lower($2) escape '\\'
     ), entries as (
       select split_part(rel, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
              true as is_folder
       from matched where strpos(rel, '/') > 0
       group by split_part(rel, '/', 1)
       union all
       select rel, id, updated_at, created_at, last_accessed_at, metadata, false
       from matched where strpos(rel, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
     order by ${orderBy}
     limit $4 offset $5`,
    [bucketId, `${escapeLike(prefix + query.search)}%`, prefix.length, query.limit, query.offset],
  );
  return rows;
}

export type ListV2SortColumn = 'name' | 'updated_at' | 'created_at';

export interface ListV2Query {
  prefix: string;
  delimiter: boolean;
  limit: number;
  cursor?: string;
  sortColumn: ListV2SortColumn;
  sortOrder: 'asc' | 'desc';
}

export interface ListV2Object extends ListEntry {
  key: string;
}

export interface ListV2Result {
  hasNext: boolean;
  folders: { name: string; key: string }[];
  objects: ListV2Object[];
  nextCursor?: string;
}

interface Cursor {
  startAfter: string;
  sortColumn: ListV2SortColumn;
  sortOrder: 'asc' | 'desc';
  after?: string;
}

/** Same shape as storage-api's continuation token: base64 of `l:<after>\no:<order>\nc:<column>\na:<iso>`. */
export function encodeCursor(cursor: Cursor): string {
  const parts = [`l:${cursor.startAfter}`, `o:${cursor.sortOrder}`, `c:${cursor.sortColumn}`];
  if (cursor.after) parts.push(`a:${cursor.after}`);
  return Buffer.from(parts.join('\n')).toString('base64');
}

export function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortColumn: 'name', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString('utf8').split('\n')) {
    const match = /^([loca]):(.*)$/s.exec(part);
    if (!match) throw storageErrors.invalidParameter('cursor', 'The cursor is not one this server issued');
    const value = match[2]!;
    if (match[1] === 'l') cursor.startAfter = value;
    else if (match[1] === 'o' && (value === 'asc' || value === 'desc')) cursor.sortOrder = value;
    else if (match[1] === 'c' && (value === 'name' || value === 'updated_at' || value === 'created_at')) {
      cursor.sortColumn = value;
    } else if (match[1] === 'a' && !Number.isNaN(Date.parse(value))) cursor.after = value;
    else throw storageErrors.invalidParameter('cursor', 'The cursor is not one this server issued');
  }
  return cursor;
}

export async function listObjectsV2(tx: Queryable, bucketId: string, query: ListV2Query): Promise<ListV2Result> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const sortColumn = cursor?.sortColumn ?? query.sortColumn;
  const direction = (cursor?.sortOrder ?? query.sortOrder) === 'desc' ? 'desc' : 'asc';
  const comparison = direction === 'desc' ? '<' : '>';
  const params: unknown[] = [bucketId, `${escapeLike(query.prefix)}%`, query.prefix.length, query.limit + 1];

  let after = '';
  if (cursor) {
    params.push(cursor.startAfter);
    const nameParam = `$${params.length}`;
    if (sortColumn === 'name' || !cursor.after) {
      after = `where name collate "C" ${comparison} ${nameParam}`;
    } else {
      params.push(cursor.after);
      after = `where ("${sortColumn}", name collate "C") ${comparison} ($${params.length}::timestamptz, ${nameParam})`;
    }
  }
  // With the delimiter, everything below the next "/" folds into one folder entry that carries
  // the newest timestamps of its contents (so it sorts and pages like an object would).
  const entries = query.delimiter
    ? `select null::uuid as id, left(name, $3::int + strpos(rel, '/')) as name,
              max(updated_at) as updated_at, max(created_at) as created_at,
              max(last_accessed_at) as last_accessed_at, null::jsonb as metadata
       from matched where strpos(rel, '/') > 0
       group by left(name, $3::int + strpos(rel, '/'))
       union all
       select id, name, updated_at, created_at, last_accessed_at, metadata
       from matched where strpos(rel, '/') = 0`
    : `select id, name, updated_at, created_at, last_accessed_at, metadata from matched`;
  const orderBy =
    sortColumn === 'name' ? `name collate "C" ${direction}` : `"${sortColumn}" ${direction}, name collate "C" ${direction}`;
  const { rows } = await tx.query<ListEntry>(
    `with matched as (
       select o.id, o.name, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              substr(o.name, $3::int + 1) as rel
       from storage.objects o
       where o.bucket_id = $1 and o.name collate "C" like $2 escape '\\'
     ), entries as (${entries})
     select id, name, updated_at, created_at, last_accessed_at, metadata from entries
     ${after}
     order by ${orderBy}
     limit $4`,
    params,
  );

  const hasNext = rows.length > query.limit;
  const page = hasNext ? rows.slice(0, query.limit) : rows;
  const result: ListV2Result = { hasNext, folders: [], objects: [] };
  for (const row of page) {
    // A folder's name is its full prefix ("a/b/"), its key the same path without the slash.
    if (row.id === null) result.folders.push({ name: row.name, key: row.name.slice(0, -1) });
    else result.objects.push({ ...row, key: row.name });
  }
  const last = page[page.length - 1];
  if (hasNext && last) {
    const stamp = sortColumn === 'name' ? null : (last[sortColumn] as string | Date | null);
    result.nextCursor = encodeCursor({
      startAfter: last.name,
      sortColumn,
      sortOrder: direction,
      ...(stamp ? { after: new Date(stamp).toISOString() } : {}),
    });
  }
  return result;
}
