// What every storage route shares: the service context, the blob store, the global limit,
// and the two ways to reach the database — as the caller (RLS decides) or on storage's own
// authority (service_role, for public and signed reads and bucket limits).
import type { Context } from 'hono';
import type { Queryable } from '../db/database.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceContext } from '../http/service.js';
import type { JwtClaims } from '../keys.js';
import type { BlobStore } from './blobs/blob-store.js';
import { DatabaseBlobStore } from './blobs/database-blob-store.js';
import { FileBlobStore } from './blobs/file-blob-store.js';
import { RenditionCache } from './images/renditions.js';
import { SERVICE_CLAIMS, type Caller } from './caller.js';
import { fromPostgresError, storageErrors, type StorageError } from './errors.js';

export interface StorageRuntime {
  context: ServiceContext;
  blobs: BlobStore;
  /** Transformed images, cached on disk. */
  renditions: RenditionCache;
  globalSizeLimit: number;
  /** The mount point, to recover raw (still percent-encoded) paths from request URLs. */
  mount: string;
}

/** Object bytes go to files under the data directory, or to the database (`config.storageBackend`). */
export function createBlobStore(context: ServiceContext): BlobStore {
  return context.config.storageBackend === 'database'
    ? new DatabaseBlobStore(context.db, context.config.dataDir)
    : new FileBlobStore(context.config.dataDir);
}

export function createRuntime(context: ServiceContext, mount: string): StorageRuntime {
  return {
    context,
    blobs: createBlobStore(context),
    renditions: new RenditionCache(context.config.dataDir),
    globalSizeLimit: context.config.storage.file_size_limit,
    mount,
  };
}

type StorageContext = Context<GatewayEnv>;

function requestHeaders(c: StorageContext): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** Path below the mount, still percent-encoded (object keys are decoded once, by the route). */
export function rawSubPath(rt: StorageRuntime, c: StorageContext): string {
  const pathname = new URL(c.req.url).pathname;
  return pathname.startsWith(rt.mount) ? pathname.slice(rt.mount.length) : pathname;
}

async function run<T>(
  rt: StorageRuntime,
  c: StorageContext,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  duplicate?: () => StorageError,
): Promise<T> {
  try {
    return await rt.context.db.withClaims(
      { claims, headers: requestHeaders(c), method: c.req.method, path: new URL(c.req.url).pathname },
      fn,
    );
  } catch (error) {
    throw fromPostgresError(error, duplicate ?? storageErrors.resourceAlreadyExists) ?? error;
  }
}

/** One transaction as the caller: their role and JWT claims, so RLS on storage.* decides. */
export function asCaller<T>(
  rt: StorageRuntime,
  c: StorageContext,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
  duplicate?: () => StorageError,
): Promise<T> {
  return run(rt, c, caller.claims, fn, duplicate);
}

/** One transaction on storage's own authority (service_role bypasses RLS). */
export function asService<T>(
  rt: StorageRuntime,
  c: StorageContext,
  fn: (tx: Queryable) => Promise<T>,
  duplicate?: () => StorageError,
): Promise<T> {
  return run(rt, c, SERVICE_CLAIMS, fn, duplicate);
}
