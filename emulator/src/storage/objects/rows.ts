// SQL over storage.objects and storage.buckets. Every function takes the transaction it runs
// in (`withClaims` as the caller, so RLS decides); values are always `$n` parameters.
import type { Queryable } from '../../db/database.js';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** What storage-api keeps in `storage.objects.metadata`. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, type, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;
const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`;

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow | null> {
  const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0] ?? null;
}

export interface ListBucketsQuery {
  limit?: number;
  offset?: number;
  search?: string;
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
}

export async function listBuckets(tx: Queryable, query: ListBucketsQuery): Promise<BucketRow[]> {
  const params: unknown[] = [];
  let where = '';
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where = `where name ilike $${params.length}`;
  }
  let page = '';
  if (query.limit !== undefined) {
    params.push(query.limit);
    page += ` limit $${params.length}`;
  }
  if (query.offset !== undefined) {
    params.push(query.offset);
    page += ` offset $${params.length}`;
  }
  // Column and direction come from closed lists (validated by the route), never from raw input.
  const { rows } = await tx.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets ${where}
     order by "${query.sortColumn}" ${query.sortOrder}, id${page}`,
    params,
  );
  return rows;
}

export interface NewBucket {
  id: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  public: boolean;
  type: string;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export async function insertBucket(tx: Queryable, bucket: NewBucket): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      bucket.id,
      bucket.name,
      bucket.owner,
      bucket.ownerId,
      bucket.public,
      bucket.type,
      bucket.fileSizeLimit,
      bucket.allowedMimeTypes,
    ],
  );
}

export interface BucketChanges {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/** Returns false when no visible row was updated. */
export async function updateBucket(tx: Queryable, id: string, changes: BucketChanges): Promise<boolean> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  if (changes.public !== undefined) {
    params.push(changes.public);
    sets.push(`public = $${params.length}`);
  }
  if (changes.fileSizeLimit !== undefined) {
    params.push(changes.fileSizeLimit);
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (changes.allowedMimeTypes !== undefined) {
    params.push(changes.allowedMimeTypes);
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  const result = await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params);
  return result.affectedRows > 0;
}

export async function deleteBucket(tx: Queryable, id: string): Promise<boolean> {
  const result = await tx.query('delete from storage.buckets where id = $1', [id]);
  return result.affectedRows > 0;
}

/** Whether the bucket has any object at all (checked with the caller's own visibility). */
export async function bucketHasObjects(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  return rows.length > 0;
}

export async function findObject(
  tx: Queryable,
  bucketId: string,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2${options.forUpdate ? ' for update' : ''}`,
    [bucketId, name],
  );
  return rows[0] ?? null;
}

export async function findObjects(tx: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucketId, names],
  );
  return rows;
}

export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

/** Insert; with `upsert`, an existing row is replaced (RLS then also asks for UPDATE). */
export async function insertObject(tx: Queryable, write: ObjectWrite, upsert: boolean): Promise<ObjectRow> {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         updated_at = now(), last_accessed_at = now()`
    : '';
  const { rows } = await tx.query<ObjectRow>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7) ${conflict}
     returning ${OBJECT_COLUMNS}`,
    [
      write.bucketId,
      write.name,
      write.owner,
      write.ownerId,
      write.version,
      JSON.stringify(write.metadata),
      write.userMetadata === null ? null : JSON.stringify(write.userMetadata),
    ],
  );
  return rows[0]!;
}

/** Replaces the content of an existing object; null when no visible row matched. */
export async function replaceObject(tx: Queryable, write: ObjectWrite): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6, user_metadata = $7,
       updated_at = now(), last_accessed_at = now()
     where bucket_id = $1 and name = $2
     returning ${OBJECT_COLUMNS}`,
    [
      write.bucketId,
      write.name,
      write.owner,
      write.ownerId,
      write.version,
      JSON.stringify(write.metadata),
      write.userMetadata === null ? null : JSON.stringify(write.userMetadata),
    ],
  );
  return rows[0] ?? null;
}

/** Renames (and possibly re-buckets) an object; RLS checks UPDATE on the old and new row. */
export async function renameObject(
  tx: Queryable,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string; owner: string | null; ownerId: string | null },
): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6, updated_at = now()
     where bucket_id = $1 and name = $2
     returning ${OBJECT_COLUMNS}`,
    [from.bucketId, from.name, to.bucketId, to.name, to.owner, to.ownerId],
  );
  return rows[0] ?? null;
}

export async function deleteObjects(tx: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, names],
  );
  return rows;
}

/** Empties a bucket (as far as the caller may delete); returns what went, for the files. */
export async function deleteAllObjects(tx: Queryable, bucketId: string): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 returning ${OBJECT_COLUMNS}`,
    [bucketId],
  );
  return rows;
}

export function objectMetadata(input: {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
}): ObjectMetadata {
  return {
    eTag: input.eTag,
    size: input.size,
    mimetype: input.mimetype,
    cacheControl: input.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: input.size,
    httpStatusCode: 200,
  };
}
