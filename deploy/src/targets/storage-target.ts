// The Supabase Storage target: an environment in one public bucket of a Supabase project (the
// emulator locally, a hosted project — behind its CDN — in production). A remote's team needs the
// project URL and a key that may write the bucket (the service key), nothing of the shell.
import { StorageClient } from '@supabase/storage-js';
import mime from 'mime-types';
import { CACHE_CONTROL, type CachePolicy } from '../cache-policy.js';
import { DeployError, DeployErrorCode } from '../errors.js';
import { assertPathSegment } from '../path-segment.js';
import { keys, type PublishTarget } from './publish-target.js';

export interface StorageTargetOptions {
  /** The project's API URL, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co. */
  projectUrl: string;
  /** A key that may write the bucket: the service role key (or a secret key). */
  serviceKey: string;
  bucket: string;
}

export interface StorageTarget extends PublishTarget {
  /** Creates the bucket, public (browsers read it without a key), when it does not exist yet. */
  ensureBucket(): Promise<'created' | 'exists'>;
}

interface StorageFailure {
  message: string;
  status?: number;
  statusCode?: string;
}

const statusOf = (error: StorageFailure) => String(error.statusCode ?? error.status ?? '');

const PAGE = 1000;

export function storageTarget({ projectUrl, serviceKey, bucket }: StorageTargetOptions): StorageTarget {
  assertPathSegment(bucket, 'bucket name');
  const base = projectUrl.replace(/\/$/, '');
  // supabase-js's storage client on its own: the whole client would also start realtime, which
  // needs a WebSocket this Node may lack, and a deploy never uses it.
  const storage = new StorageClient(`${base}/storage/v1`, { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` });
  const objects = () => storage.from(bucket);
  const description = `bucket ${bucket} at ${base}`;
  const fail = (what: string, key: string, error: StorageFailure): never => {
    throw new DeployError(DeployErrorCode.TargetFailed, `Could not ${what} ${key} in the ${description}: ${error.message} (${statusOf(error) || 'no status'}).`);
  };
  // The Cache-Control header is sent as is (storage keeps it and serves it): supabase-js's own
  // `cacheControl` option can only say `max-age=<n>`, not `immutable` or `no-cache`.
  const uploadOptions = (key: string, cache: CachePolicy, upsert: boolean) => ({
    upsert,
    contentType: mime.lookup(key) || 'application/octet-stream',
    headers: { 'cache-control': CACHE_CONTROL[cache] },
  });

  return {
    description,
    environmentName: bucket,
    async read(key) {
      const { data, error } = await objects().download(key);
      if (error) {
        const failure = error as StorageFailure;
        if (['404', '400'].includes(statusOf(failure)) && /not.?found|does not exist/i.test(failure.message)) return null;
        return fail('read', key, failure);
      }
      return Buffer.from(await data.arrayBuffer());
    },
    async create(key, body, cache) {
      // An upload without upsert is an INSERT into storage.objects, whose (bucket_id, name) key is
      // unique: of two concurrent creates one commits, the other gets 409 Duplicate.
      const { error } = await objects().upload(key, body, uploadOptions(key, cache, false));
      if (!error) return true;
      const failure = error as StorageFailure;
      if (statusOf(failure) === '409' || /already exists|duplicate/i.test(failure.message)) return false;
      return fail('create', key, failure);
    },
    async put(key, body, cache) {
      const { error } = await objects().upload(key, body, uploadOptions(key, cache, true));
      if (error) fail('write', key, error as StorageFailure);
    },
    async list(folder, options) {
      const names: string[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const limit = options?.last ?? PAGE;
        const { data, error } = await objects().list(folder, {
          limit,
          offset,
          sortBy: { column: 'name', order: options?.last ? 'desc' : 'asc' },
        });
        if (error) return fail('list', folder, error as StorageFailure);
        names.push(...data.map((entry) => entry.name));
        if (options?.last || data.length < limit) break;
      }
      return options?.last ? names.reverse() : names;
    },
    manifestUrl(remote, version) {
      // Relative to registry.json at the bucket's root: the environment can be mirrored or moved.
      return `remotes/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;
    },
    registryUrl() {
      return `${base}/storage/v1/object/public/${bucket}/${keys.registry}`;
    },
    async ensureBucket() {
      const { data } = await storage.getBucket(bucket);
      if (data) return 'exists';
      const { error } = await storage.createBucket(bucket, { public: true });
      if (error && !/already exists/i.test(error.message)) fail('create the bucket', bucket, error as StorageFailure);
      return error ? 'exists' : 'created';
    },
  };
}
