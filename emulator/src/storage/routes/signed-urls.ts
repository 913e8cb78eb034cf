// Signed download and upload URLs (docs/compatibility.md#storage-signed-urls). Signing needs the
// caller to see the object (SELECT policy) or to be allowed to insert it (INSERT policy, tried and
// rolled back); using a signed URL needs no other credential — the token is the authorisation.
import type { Context } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { readJsonBody } from '../../http/json-body.js';
import { requireCaller } from '../caller.js';
import { STORAGE_EMPTY_BODY, storageBodyErrors, storageErrors } from '../errors.js';
import { validateObjectKey } from '../objects/names.js';
import { renderObject } from '../objects/response.js';
import { findObject } from '../objects/rows.js';
import { probeUpload, requireBucket, storeUpload } from '../objects/writes.js';
import type { ObjectPath } from './objects.js';
import { visibleNames } from './objects.js';
import { asCaller, asService, type StorageRuntime } from '../runtime.js';
import { signDownloadToken, signUploadToken, verifyDownloadToken, verifyUploadToken } from '../signed-urls/tokens.js';

type StorageContext = Context<GatewayEnv>;

const expiresIn = z
  .number({ error: 'expiresIn is required: the number of seconds the URL stays valid' })
  .int('expiresIn must be a whole number of seconds')
  .min(1, 'expiresIn must be at least 1 second');

const transform = z
  .object({
    width: z.number().optional(),
    height: z.number().optional(),
    resize: z.string().optional(),
    format: z.string().optional(),
    quality: z.number().optional(),
  })
  .optional();

const signBody = z.object({ expiresIn, transform });
const signManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1, 'give at least one path') });

function describeTransform(options: z.infer<typeof transform>): string | undefined {
  if (!options) return undefined;
  const parts = Object.entries(options)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}:${value}`);
  return parts.length ? parts.join(',') : undefined;
}

export async function createSignedUrl(rt: StorageRuntime, c: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const key = validateObjectKey(path.key);
  const body = await readJsonBody(c, signBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const object = await asCaller(rt, c, caller, (tx) => findObject(tx, path.bucket, key));
  if (!object) throw storageErrors.noSuchKey();
  const url = `${path.bucket}/${key}`;
  const transformations = describeTransform(body.transform);
  const token = await signDownloadToken(rt.context.keys, url, body.expiresIn, transformations);
  const route = transformations ? 'render/image' : 'object';
  return c.json({ signedURL: `/${route}/sign/${url}?token=${token}` });
}

export async function createSignedUrls(rt: StorageRuntime, c: StorageContext, bucket: string): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const body = await readJsonBody(c, signManyBody, storageBodyErrors, STORAGE_EMPTY_BODY);
  const visible = await visibleNames(rt, c, caller, bucket, body.paths);
  const results = await Promise.all(
    body.paths.map(async (path) => {
      if (!visible.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const url = `${bucket}/${path}`;
      const token = await signDownloadToken(rt.context.keys, url, body.expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  return c.json(results);
}

/** GET /object/sign/{bucket}/{key}?token= — no Authorization needed. */
export async function downloadSigned(rt: StorageRuntime, c: StorageContext, path: ObjectPath): Promise<Response> {
  await verifyDownloadToken(rt.context.keys, c.req.query('token'), `${path.bucket}/${path.key}`);
  const object = await asService(rt, c, (tx) => findObject(tx, path.bucket, path.key));
  if (!object) throw storageErrors.noSuchKey();
  return renderObject(c.req.raw, object, rt.blobs, { download: c.req.query('download'), head: c.req.method === 'HEAD' });
}

export async function createSignedUploadUrl(rt: StorageRuntime, c: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await requireCaller(c, rt.context.keys);
  const key = validateObjectKey(path.key);
  const upsert = (c.req.header('x-upsert') ?? '').toLowerCase() === 'true';
  await requireBucket(rt, c, path.bucket);
  await probeUpload(rt, c, caller, path.bucket, key, upsert);
  const url = `${path.bucket}/${key}`;
  const token = await signUploadToken(rt.context.keys, url, caller.sub, upsert);
  return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{key}?token= — the token carries the owner and upsert. */
export async function uploadToSignedUrl(rt: StorageRuntime, c: StorageContext, path: ObjectPath): Promise<Response> {
  const token = await verifyUploadToken(rt.context.keys, c.req.query('token'), `${path.bucket}/${path.key}`);
  const row = await storeUpload(rt, c, {
    bucketId: path.bucket,
    key: path.key,
    mode: token.upsert ? 'upsert' : 'create',
    actingAs: 'service',
    owner: { sub: token.owner },
  });
  return c.json({ Id: row.id, Key: `${path.bucket}/${path.key}` });
}
