// The storage service (`/storage/v1`, storage-api): buckets, objects, signed URLs, resumable
// (TUS) uploads, image render and, under `/vector`, vector buckets. Errors are rendered as
// storage-api renders them (docs/compatibility.md#storage-errors): `{statusCode, code, error,
// message}` with HTTP 400 for every non-500 error (TUS answers keep their own form).
import { Hono, type Context } from 'hono';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceFactory } from '../http/service.js';
import { isPostgresError } from '../db/database.js';
import { vectorRoutes } from './routes/vectors.js';
import { bucketRoutes } from './routes/buckets.js';
import { isRouteNotFound, isStorageError, storageErrors, StorageError, unknownRoute } from './errors.js';
import { isObjectUpload, objectRoutes } from './routes/object-dispatch.js';
import { isResumableUpload, RESUMABLE_EXPOSED_HEADERS, RESUMABLE_PATH, resumableRoutes } from './routes/resumable.js';
import { seedConfiguredBuckets } from './buckets/seed.js';
import { createRuntime, rawSubPath } from './runtime.js';

export const STORAGE_MOUNT = '/storage/v1';

export const storageService: ServiceFactory = async (context) => {
  const rt = createRuntime(context, STORAGE_MOUNT);
  const app = new Hono<GatewayEnv>();
  const notFound = (c: Context<GatewayEnv>) =>
    c.json(unknownRoute(c.req.method, rawSubPath(rt, c) + new URL(c.req.url).search), 404);

  app.get('/status', (c) => c.body(null, 200));
  app.route('/bucket', bucketRoutes(rt));
  const resumable = await resumableRoutes(rt);
  app.route('/', resumable.app);
  app.route('/', objectRoutes(rt));
  if (context.config.storage.vector.enabled) {
    app.route('/vector', vectorRoutes(context));
  } else {
    // storage-api does not register its vector routes then: Fastify's own 404 answers them.
    app.all('/vector/*', notFound);
  }
  app.all('*', notFound);

  app.onError((error, c) => {
    if (isRouteNotFound(error)) return notFound(c);
    let storageError: StorageError;
    if (isStorageError(error)) {
      storageError = error;
    } else if (isPostgresError(error)) {
      console.error(`storage: ${c.req.method} ${c.req.path}: database error ${error.code}: ${error.message}`);
      storageError = new StorageError('DatabaseError', 500, `database error, code: ${error.code}: ${error.message}`);
    } else {
      console.error(`storage: ${c.req.method} ${c.req.path}:`, error);
      storageError = storageErrors.internal();
    }
    return c.json(storageError.body(), storageError.legacyHttpStatus() as 400);
  });

  return {
    mount: STORAGE_MOUNT,
    app,
    exposedHeaders: RESUMABLE_EXPOSED_HEADERS,
    // An OPTIONS that is no CORS preflight is TUS discovery (Tus-Version, Tus-Extension…).
    ownsOptions: (subPath) => subPath.startsWith(RESUMABLE_PATH),
    bodyLimit: {
      // Object bytes (plain or resumable) are bounded by the file size limit instead; a TUS
      // PATCH may carry any chunk size up to the upload's declared length.
      bytesFor: (c) => {
        const subPath = rawSubPath(rt, c);
        return isObjectUpload(c.req.method, subPath) || isResumableUpload(subPath)
          ? null
          : context.config.api.max_request_body_size;
      },
      tooLarge: (c, limit) => {
        const error = storageErrors.requestTooLarge(describeLimit(limit));
        return c.json(error.body(), error.legacyHttpStatus() as 413);
      },
    },
    // Demo files ship beside seed.sql (SQL cannot hold object bytes): config.toml's [storage.buckets].
    async seed() {
      const { buckets } = context.config.storage;
      if (Object.keys(buckets).length === 0) return null;
      const serviceRole = await context.keys.sign({ role: 'service_role', iss: 'supabase-demo' });
      const names = await seedConfiguredBuckets(buckets, context.config.supabaseDir, context.apiUrl, serviceRole, context.fetchGateway);
      return `Seeded ${names.length} storage objects from config.toml [storage.buckets]`;
    },
    close: async () => resumable.close(),
  };
};
