// Handlers for /object/{bucket}/{key}: upload, update, download, info, delete, list, move, copy,
// remove (docs/compatibility.md#storage-objects-and-buckets). Each reads or writes as the caller so
// RLS decides; public buckets are read on storage's own authority, as storage-api does.
import type { Context } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { readJsonBody } from '../../http/json-body.js';
import { requireCaller, type Caller } from '../caller.js';
import { STORAGE_EMPTY_BODY, storageBodyErrors, storageErrors } from '../errors.js';
import { validateBucketName, validateObjectKey } from '../objects/names.js';
import { listObjectsV2, searchObjects } from '../objects/listing.js';
import { renderObject } from '../objects/response.js';
import { findBucket, findObject, findObjects, type ObjectRow } from '../objects/rows.js';
import { copyObject, moveObject, removeObjects, storeUpload, type WriteMode } from '../objects/writes.js';
import { asCaller, asService, type StorageRuntime } from '../runtime.js';

type StorageContext = Context<GatewayEnv>;

export interface ObjectPath {
  bucket: string;
  key: string;
}

function isUpsert(c: StorageContext): boolean {
  return (c.req.header('x-upsert') ?? '').toLowerCase() === 'true';
}

export async function upload(rt: StorageRuntime, c: StorageContext, path: ObjectPath, mode: WriteMode): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const effectiveMode = mode === 'create' && isUpsert(c) ? 'upsert' : mode;
  const row = await storeUpload(rt, c, {
    bucketId: path.bucket,
    key: path.key,
    mode: effectiveMode,
    actingAs: caller,
    owner: caller,
  });
  return c.json({ Id: row.id, Key: `${path.bucket}/${path.key}` });
}

/**
 * The object as the requester may read it: a public bucket needs no token (storage reads it
 * itself); a private one is read with the caller's JWT, so SELECT policies decide.
 */
export async function readableObject(
  rt: StorageRuntime,
  c: StorageContext,
  path: ObjectPath,
  publicOnly: boolean,
): Promise<ObjectRow> {
  validateObjectKey(path.key);
  // storage-api verifies the JWT of an authenticated route before anything else: a forged token
  // learns nothing, not even whether the bucket exists.
  const caller = publicOnly ? null : await requireCaller(c, rt.context.keys);
  const bucket = await asService(rt, c, (tx) => findBucket(tx, path.bucket));
  if (!bucket || (publicOnly && !bucket.public)) throw storageErrors.noSuchBucket();
  let object: ObjectRow | null;
  if (bucket.public || !caller) {
    object = await asService(rt, c, (tx) => findObject(tx, path.bucket, path.key));
  } else {
    object = await asCaller(rt, c, caller, (tx) => findObject(tx, path.bucket, path.key));
  }
  if (!object) throw storageErrors.noSuchKey();
  return object;
}

export async function download(
  rt: StorageRuntime,
  c: StorageContext,
  path: ObjectPath,
  access: 'authenticated' | 'public',
): Promise<Response> {
  const object = await readableObject(rt, c, path, access === 'public');
  return renderObject(c.req.raw, object, rt.blobs, { download: c.req.query('download'), head: c.req.method === 'HEAD' });
}

/** FileObjectV2, which storage-js camelizes. */
export function objectInfoJson(object: ObjectRow) {
  return {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: object.metadata?.size ?? null,
    content_type: object.metadata?.mimetype ?? null,
    cache_control: object.metadata?.cacheControl ?? null,
    etag: object.metadata?.eTag ?? null,
    // storage-api answers `{}` for an object uploaded without user metadata.
    metadata: object.user_metadata ?? {},
    last_modified: object.updated_at,
    created_at: object.created_at,
  };
}

export async function info(
  rt: StorageRuntime,
  c: StorageContext,
  path: ObjectPath,
  access: 'authenticated' | 'public',
): Promise<Response> {
  const object = await readableObject(rt, c, path, access === 'public');
  return c.json(objectInfoJson(object));
}

export async function deleteOne(rt: StorageRuntime, c: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const key = validateObjectKey(path.key);
  const removed = await removeObjects(rt, c, caller, path.bucket, [key]);
  if (removed.length === 0) throw storageErrors.noSuchKey();
  return c.json({ message: 'Successfully deleted' });
}

const removeBody = z.object({
  prefixes: z.array(z.string()).min(1, 'give at least one path').max(1000, 'at most 1000 paths per request'),
});

export async function removeMany(rt: StorageRuntime, c: StorageContext, bucket: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const { prefixes } = await readJsonBody(c, removeBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const removed = await removeObjects(rt, c, caller, bucket, prefixes);
  return c.json(removed);
}

const listBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .prefault({}),
});

export async function list(rt: StorageRuntime, c: StorageContext, bucket: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const body = await readJsonBody(c, listBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const entries = await asCaller(rt, c, caller, (tx) =>
    searchObjects(tx, bucket, {
      prefix: body.prefix,
      search: body.search,
      limit: body.limit,
      offset: body.offset,
      sortColumn: body.sortBy.column,
      sortOrder: body.sortBy.order,
    }),
  );
  return c.json(entries);
}

const listV2Body = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1000).default(1000),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .prefault({}),
});

export async function listV2(rt: StorageRuntime, c: StorageContext, bucket: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const body = await readJsonBody(c, listV2Body, storageBodyErrors, STORAGE_EMPTY_BODY);
  const result = await asCaller(rt, c, caller, (tx) =>
    listObjectsV2(tx, bucket, {
      prefix: body.prefix,
      delimiter: body.with_delimiter,
      limit: body.limit,
      ...(body.cursor ? { cursor: body.cursor } : {}),
      sortColumn: body.sortBy.column,
      sortOrder: body.sortBy.order,
    }),
  );
  return c.json(result);
}

const transferBody = z.object({
  bucketId: z.string({ error: 'bucketId is required' }),
  sourceKey: z.string({ error: 'sourceKey is required' }),
  destinationKey: z.string({ error: 'destinationKey is required' }),
  destinationBucket: z.string().nullish(),
});

async function readTransfer(c: StorageContext) {
  const body = await readJsonBody(c, transferBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  return {
    sourceBucket: validateBucketName(body.bucketId),
    sourceKey: body.sourceKey,
    destinationBucket: validateBucketName(body.destinationBucket || body.bucketId),
    destinationKey: body.destinationKey,
  };
}

export async function move(rt: StorageRuntime, c: StorageContext): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  await moveObject(rt, c, caller, await readTransfer(c));
  return c.json({ message: 'Successfully moved' });
}

export async function copy(rt: StorageRuntime, c: StorageContext): Promise<Response> {
  const caller: Caller = await requireCaller(c, rt.context.keys);
  const transfer = await readTransfer(c);
  const row = await copyObject(rt, c, caller, transfer, isUpsert(c));
  return c.json({ Id: row.id, Key: `${transfer.destinationBucket}/${row.name}` });
}

/** Names of objects among `names` the caller can see (for signing several URLs at once). */
export async function visibleNames(rt: StorageRuntime, c: StorageContext, caller: Caller, bucket: string, names: string[]) {
  const rows = await asCaller(rt, c, caller, (tx) => findObjects(tx, bucket, names));
  return new Set(rows.map((r) => r.name));
}
