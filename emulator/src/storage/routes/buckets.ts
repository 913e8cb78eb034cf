// /bucket: list, get, create, update, empty, delete
// (docs/compatibility.md#storage-objects-and-buckets). Every statement runs as the caller, so
// policies on storage.buckets decide; bucket files go after the commit.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { readJsonBody } from '../../http/json-body.js';
import { ownerColumns, requireCaller } from '../caller.js';
import { STORAGE_EMPTY_BODY, storageBodyErrors, storageErrors } from '../errors.js';
import { parseAllowedMimeTypes, parseBucketSizeLimit } from '../buckets/limits.js';
import { validateBucketName } from '../objects/names.js';
import {
  bucketHasObjects,
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
  type BucketRow,
} from '../objects/rows.js';
import { emptyBucket } from '../objects/writes.js';
import { asCaller, asService, type StorageRuntime } from '../runtime.js';

type StorageContext = Context<GatewayEnv>;

const bucketBody = z.object({
  id: z.string().optional(),
  name: z.string({ error: 'name is required (the bucket id)' }),
  public: z.boolean().optional(),
  type: z.string().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
});

const updateBody = bucketBody.partial();

const listQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

/**
 * A bucket as storage-api's GET /bucket/{id} selects it: no `owner_id` and no `type`
 * (its columns are `id, name, owner, public, created_at, updated_at, file_size_limit,
 * allowed_mime_types`).
 */
export function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    public: row.public,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file_size_limit: row.file_size_limit,
    allowed_mime_types: row.allowed_mime_types,
  };
}

/** GET /bucket adds `type` for clients that know bucket types (every supabase-js that has them). */
export function listedBucketJson(row: BucketRow) {
  return { ...bucketJson(row), type: row.type };
}

/** GET /bucket: the buckets the caller may see. */
export async function list(rt: StorageRuntime, c: StorageContext): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const parsed = listQuery.safeParse(c.req.query());
  if (!parsed.success) {
    throw storageErrors.invalidRequest(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const rows = await asCaller(rt, c, caller, (tx) => listBuckets(tx, parsed.data));
  return c.json(rows.map(listedBucketJson));
}

/** GET /bucket/:id */
export async function get(rt: StorageRuntime, c: StorageContext, id: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const bucket = await asCaller(rt, c, caller, (tx) => findBucket(tx, id));
  if (!bucket) throw storageErrors.noSuchBucket();
  return c.json(bucketJson(bucket));
}

/** POST /bucket */
export async function create(rt: StorageRuntime, c: StorageContext): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const body = await readJsonBody(c, bucketBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const name = validateBucketName(body.name);
  const id = validateBucketName(body.id || name);
  if (body.type && body.type !== 'STANDARD') {
    throw storageErrors.invalidRequest(`Bucket type ${body.type} is not supported by the emulator (only STANDARD)`);
  }
  const { owner, ownerId } = ownerColumns(caller);
  await asCaller(
    rt,
    c,
    caller,
    (tx) =>
      insertBucket(tx, {
        id,
        name,
        owner,
        ownerId,
        public: body.public ?? false,
        type: 'STANDARD',
        fileSizeLimit: parseBucketSizeLimit(body.file_size_limit, rt.globalSizeLimit) ?? null,
        allowedMimeTypes: parseAllowedMimeTypes(body.allowed_mime_types) ?? null,
      }),
    storageErrors.bucketAlreadyExists,
  );
  return c.json({ name });
}

/** PUT /bucket/:id: public, file size limit, allowed MIME types. */
export async function update(rt: StorageRuntime, c: StorageContext, id: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const body = await readJsonBody(c, updateBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const changes = {
    public: body.public,
    fileSizeLimit: parseBucketSizeLimit(body.file_size_limit, rt.globalSizeLimit),
    allowedMimeTypes: parseAllowedMimeTypes(body.allowed_mime_types),
  };
  const updated = await asCaller(rt, c, caller, (tx) => updateBucket(tx, id, changes));
  if (!updated) throw storageErrors.noSuchBucket();
  return c.json({ message: 'Successfully updated' });
}

/** POST /bucket/:id/empty: removes every object (rows as the caller, then their bytes). */
export async function empty(rt: StorageRuntime, c: StorageContext, id: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const bucket = await asCaller(rt, c, caller, (tx) => findBucket(tx, id));
  if (!bucket) throw storageErrors.noSuchBucket();
  await emptyBucket(rt, c, caller, id);
  // storage-api queues the deletion; the emulator has already done it, but answers in its words.
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

/** DELETE /bucket/:id: only an empty bucket. */
export async function remove(rt: StorageRuntime, c: StorageContext, id: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const bucket = await asCaller(rt, c, caller, (tx) => findBucket(tx, id));
  if (!bucket) throw storageErrors.noSuchBucket();
  // Objects the caller cannot see still make the bucket non-empty.
  if (await asService(rt, c, (tx) => bucketHasObjects(tx, id))) throw storageErrors.bucketNotEmpty();
  const deleted = await asCaller(rt, c, caller, (tx) => deleteBucket(tx, id));
  if (!deleted) throw storageErrors.noSuchBucket();
  await rt.blobs.removeBucket(id);
  return c.json({ message: 'Successfully deleted' });
}

export function bucketRoutes(rt: StorageRuntime): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.get('/', (c) => list(rt, c));
  app.get('/:id', (c) => get(rt, c, c.req.param('id')));
  app.post('/', (c) => create(rt, c));
  app.put('/:id', (c) => update(rt, c, c.req.param('id')));
  app.post('/:id/empty', (c) => empty(rt, c, c.req.param('id')));
  app.delete('/:id', (c) => remove(rt, c, c.req.param('id')));
  return app;
}
