// Resumable uploads (`/upload/resumable`, the TUS 1.0.0 protocol storage-api serves, see
// docs/compatibility.md#storage-resumable-uploads), through @tus/server. Create (POST with
// Upload-Length and Upload-Metadata: bucketName, objectName, contentType, cacheControl, metadata),
// PATCH at an offset, HEAD to learn the offset, DELETE to give up. The caller's JWT decides as
// for a plain upload: creating tries the insert (upsert with `x-upsert: true`) as the caller and
// rolls it back; the last byte commits the object as the caller, so policies are asked again.
// `/upload/resumable/sign` does the same with a signed upload token (`x-signature`) instead.
// Each upload is bound to whoever created it: nobody else may read its offset, add to it or
// delete it. storage-api's TUS answers carry the error's real status and its message as text.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir } from 'node:fs/promises';
import type { Server, Upload } from '@tus/server';
import { Hono, type Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { requireCaller, type Caller } from '../caller.js';
import { isStorageError, RouteNotFound, storageErrors } from '../errors.js';
import { effectiveSizeLimit, isMimeTypeAllowed } from '../buckets/limits.js';
import { validateBucketName, validateObjectKey } from '../objects/names.js';
import { probeUpload, requireBucket, storeStaged } from '../objects/writes.js';
import { decodeUploadId, newUploadId } from '../resumable/upload-id.js';
import { deleteExpiredUploads, resumableUploadsDir } from '../resumable/expiry.js';
import type { UploadBinding } from '../resumable/upload-record.js';
import type { StorageRuntime } from '../runtime.js';
import { verifyUploadToken } from '../signed-urls/tokens.js';

type StorageContext = Context<GatewayEnv>;

export const RESUMABLE_PATH = '/upload/resumable';
const SIGNED_SUFFIX = '/sign';
/** How often abandoned uploads are looked for (they are also removed at start). */
const EXPIRY_SWEEP_MS = 10 * 60 * 1000;

/** Headers a browser must be allowed to read for tus-js-client to work cross-origin. */
export const RESUMABLE_EXPOSED_HEADERS = [
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
  'Upload-Defer-Length',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Tus-Complete',
];

/** Whether a request under the storage mount is a TUS request, whose body TUS itself bounds. */
export function isResumableUpload(subPath: string): boolean {
  return subPath === RESUMABLE_PATH || subPath.startsWith(`${RESUMABLE_PATH}/`);
}

function isSignedCreate(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(`${RESUMABLE_PATH}${SIGNED_SUFFIX}`);
}

/** Supabase's `cacheControl` metadata: a number of seconds, or anything else for no-cache. */
function cacheControlOf(value: string | null | undefined): string {
  return /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache';
}

function userMetadataOf(value: string | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw storageErrors.invalidRequest('The metadata field of Upload-Metadata is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw storageErrors.invalidRequest(
      'The metadata field of Upload-Metadata must be a JSON object',
    );
  }
  return parsed as Record<string, unknown>;
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), hash);
  return `"${hash.digest('hex')}"`;
}

export interface ResumableUploads {
  app: Hono<GatewayEnv>;
  close(): void;
}

export async function resumableRoutes(rt: StorageRuntime): Promise<ResumableUploads> {
  const { dataDir, resumableUploadExpiryMs: expiryMs } = rt.context.config;
  /** The gateway context of each request TUS is handling (its hooks only get the Request). */
  const contexts = new WeakMap<Request, StorageContext>();
  const contextOf = (request: Request): StorageContext => {
    const c = contexts.get(request);
    if (!c) throw storageErrors.internal('resumable upload request without its gateway context');
    return c;
  };
  let tus: Promise<Server> | undefined;

  const dir = resumableUploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const sweep = async () => {
    const removed = await deleteExpiredUploads(dir, expiryMs);
    if (removed > 0) rt.context.log(`storage: removed ${removed} expired resumable upload(s)`);
  };
  const report = (error: Error) =>
    console.error('storage: could not remove expired resumable uploads:', error);
  // Before the first request: what expired while the emulator was down is gone at start.
  await sweep();
  const timer = setInterval(() => void sweep().catch(report), Math.min(EXPIRY_SWEEP_MS, expiryMs));
  timer.unref();

  const app = new Hono<GatewayEnv>();
  const handle = async (c: StorageContext) => {
    // Hono answers HEAD through GET routes; a real GET is no TUS request.
    if (c.req.method === 'GET')
      throw new RouteNotFound();
    contexts.set(c.req.raw, c);
    const server = await (tus ??= createTusServer(rt, contextOf));
    return server.handleWeb(c.req.raw);
  };
  const paths = [RESUMABLE_PATH, `${RESUMABLE_PATH}/*`];
  app.on(['POST', 'PATCH', 'DELETE', 'OPTIONS', 'GET'], paths, handle);

  return { app, close: () => clearInterval(timer) };
}

/** The TUS server and its store, made on the first resumable request: @tus/server is not loaded at start. */
async function createTusServer(
  rt: StorageRuntime,
  contextOf: (request: Request) => StorageContext,
): Promise<Server> {
  const [{ ERRORS, Server }, { ResumableStore }] = await Promise.all([
    import('@tus/server'),
    import('../resumable/store.js'),
  ]);
  const store = new ResumableStore(
    rt.context.config.dataDir,
    rt.context.config.resumableUploadExpiryMs,
  );

  /** The token of a signed resumable upload, checked against the path it was made for. */
  const signedToken = (c: StorageContext, bucket: string, key: string) => {
    const signature = c.req.header('x-signature');
    if (!signature) throw storageErrors.invalidSignature('Missing x-signature header');
    return verifyUploadToken(rt.context.keys, signature, `${bucket}/${key}`);
  };

  /** Whoever continues an upload must be whoever created it. */
  const requireCreator = async (
    c: StorageContext,
    binding: UploadBinding,
    bucket: string,
    key: string,
  ) => {
    if (binding.kind === 'signed') {
      await signedToken(c, bucket, key);
      return null;
    }
    const caller = await requireCaller(c, rt.context.keys);
    if (caller.role !== binding.role || caller.sub !== binding.sub) {
      throw storageErrors.accessDenied('This resumable upload belongs to someone else');
    }
    return caller;
  };

  const authoriseCreate = async (c: StorageContext, id: string) => {
    const target = decodeUploadId(id)!;
    await requireBucket(rt, c, target.bucket);
    if (isSignedCreate(c.req.raw)) {
      const token = await signedToken(c, target.bucket, target.key);
      store.bind(id, { kind: 'signed', owner: token.owner, upsert: token.upsert });
      return;
    }
    const caller = await requireCaller(c, rt.context.keys);
    const upsert = (c.req.header('x-upsert') ?? '').toLowerCase() === 'true';
    await probeUpload(rt, c, caller, target.bucket, target.key, upsert);
    store.bind(id, { kind: 'caller', role: caller.role, sub: caller.sub, upsert });
  };

  const commit = async (c: StorageContext, upload: Upload) => {
    const target = decodeUploadId(upload.id)!;
    const binding = await store.bindingOf(upload.id);
    if (!binding) throw ERRORS.FILE_NOT_FOUND;
    let caller: Caller | null = null;
    try {
      caller = await requireCreator(c, binding, target.bucket, target.key);
      const tempPath = store.bytesPath(upload.id);
      const row = await storeStaged(
        rt,
        c,
        {
          bucketId: target.bucket,
          key: target.key,
          mode: binding.upsert ? 'upsert' : 'create',
          actingAs: caller ?? 'service',
          owner: caller ?? { sub: binding.kind === 'signed' ? binding.owner : null },
        },
        {
          staged: { tempPath, size: upload.offset, eTag: await md5Of(tempPath) },
          contentType: upload.metadata?.contentType || 'application/octet-stream',
          cacheControl: upload.metadata?.cacheControl ?? 'no-cache',
          userMetadata: userMetadataOf(upload.metadata?.metadata),
        },
      );
      rt.context.log(
        `storage: resumable upload of ${row.bucket_id}/${row.name} committed (${upload.offset} bytes)`,
      );
    } finally {
      // Committed or refused, the upload is over: nothing of it stays in the staging folder.
      await store.discard(upload.id);
    }
  };

  return new Server({
    path: `${rt.mount}${RESUMABLE_PATH}`,
    datastore: store,
    // The upload URL is built from the Host header, which the gateway's host check allowed.
    // Forwarded / X-Forwarded-Host / -Proto would let any client name another host in Location
    // (tus-js-client then sends the bytes and the bearer there); the emulator has no proxy in
    // front of it to set them (docs/known-traps.md#forwarded-headers-and-the-upload-url).
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ['Authorization', 'ApiKey', 'X-Upsert', 'X-Signature', 'Upload-Expires'],
    exposedHeaders: ['Tus-Complete'],
    namingFunction: (_request, metadata) => {
      if (!metadata)
        throw storageErrors.invalidRequest('Upload-Metadata is required (bucketName, objectName)');
      const bucket = validateBucketName(metadata.bucketName ?? '');
      const key = validateObjectKey(metadata.objectName ?? '');
      return newUploadId(bucket, key);
    },
    generateUrl: (request, { proto, host, path, id }) =>
      `${proto}://${host}${path}${isSignedCreate(request) ? SIGNED_SUFFIX : ''}/${id}`,
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && decodeUploadId(lastPath) ? lastPath : undefined,
    maxSize: async (request, id) => {
      const target = id ? decodeUploadId(id) : null;
      if (!target) return rt.globalSizeLimit;
      const bucket = await requireBucket(rt, contextOf(request), target.bucket);
      return effectiveSizeLimit(bucket.file_size_limit, rt.globalSizeLimit);
    },
    onIncomingRequest: async (request, id) => {
      const c = contextOf(request);
      if (request.method === 'POST') return authoriseCreate(c, id);
      const target = decodeUploadId(id);
      const binding = target ? await store.bindingOf(id) : null;
      if (!target || !binding) throw ERRORS.FILE_NOT_FOUND;
      await requireCreator(c, binding, target.bucket, target.key);
    },
    onUploadCreate: async (request, upload) => {
      const target = decodeUploadId(upload.id)!;
      const bucket = await requireBucket(rt, contextOf(request), target.bucket);
      const metadata = { ...upload.metadata };
      const contentType = metadata.contentType || 'application/octet-stream';
      if (!isMimeTypeAllowed(contentType, bucket.allowed_mime_types))
        throw storageErrors.invalidMimeType(contentType);
      userMetadataOf(metadata.metadata);
      metadata.cacheControl = cacheControlOf(metadata.cacheControl);
      return { metadata };
    },
    onUploadFinish: async (request, upload) => {
      const committed = commit(contextOf(request), upload);
      store.trackCommit(upload.id, committed);
      await committed;
      // The committed upload is gone from the store. @tus/server's POST (creation with all the
      // bytes, or an empty file) then reads it back for Upload-Expires whenever it has a creation
      // date, and that read answered 404 for an object that was stored. A finished upload never
      // expires: without its date nothing is read back.
      upload.creation_date = undefined;
      return { headers: { 'Tus-Complete': '1' } };
    },
    onResponseError: (request, error) => {
      if (isStorageError(error)) return { status_code: error.statusCode, body: error.message };
      if (error instanceof Error) {
        console.error(`storage: ${request.method} ${new URL(request.url).pathname}:`, error);
        const internal = storageErrors.internal();
        return { status_code: internal.statusCode, body: internal.message };
      }
      return undefined;
    },
  });
}
