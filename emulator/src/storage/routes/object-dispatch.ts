// /object/* and /render/image/*. Fixed sub-paths (public/, info/, sign/, list/, upload/sign/…)
// win over `{bucket}/{key}`, as in storage-api, so the dispatch is done here, in one place,
// on the raw path (object keys are percent-decoded exactly once).
import { Hono, type Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { RouteNotFound, storageErrors } from '../errors.js';
import { splitObjectPath, validateBucketName } from '../objects/names.js';
import * as objects from './objects.js';
import { renderImage } from './render.js';
import * as signed from './signed-urls.js';
import { rawSubPath, type StorageRuntime } from '../runtime.js';

type StorageContext = Context<GatewayEnv>;
type Handler = (rest: string) => Promise<Response>;

/** `bucket/key…` with a non-empty key. */
function objectPath(rest: string): objects.ObjectPath {
  const path = splitObjectPath(rest);
  if (!path.key) throw storageErrors.invalidKey('', 'the path needs a bucket and an object key: {bucket}/{key}');
  return path;
}

function bucketOnly(rest: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest.replace(/\/+$/, ''));
  } catch {
    throw storageErrors.invalidBucketName(rest);
  }
  return validateBucketName(decoded);
}

/**
 * Picks the handler of the first matching fixed route, else the fallback. `name/` matches as a
 * prefix (the handler gets the rest); `name` without a slash matches only exactly.
 */
function dispatch(rest: string, routes: [route: string, handler: Handler][], fallback: Handler): Promise<Response> {
  for (const [route, handler] of routes) {
    const matches = route.endsWith('/') ? rest.startsWith(route) : rest === route;
    if (matches) return handler(rest.slice(route.length));
  }
  return fallback(rest);
}

/** The fixed POST /object/ routes, whose bodies are JSON; every other POST or PUT there uploads. */
const POST_JSON_ROUTES = ['list/', 'list-v2/', 'move', 'copy', 'upload/sign/', 'sign/'];

/**
 * Whether a request under the storage mount carries object bytes: those are streamed to a temp
 * file and bounded by the file size limit, not by the gateway's request-body limit.
 */
export function isObjectUpload(method: string, subPath: string): boolean {
  if (!subPath.startsWith('/object/')) return false;
  if (method === 'PUT') return true;
  if (method !== 'POST') return false;
  const rest = subPath.slice('/object/'.length);
  return !POST_JSON_ROUTES.some((route) => (route.endsWith('/') ? rest.startsWith(route) : rest === route));
}

export function objectRoutes(rt: StorageRuntime): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const rest = (c: StorageContext, base: string) => rawSubPath(rt, c).slice(base.length);

  // GET also answers HEAD (Hono dispatches HEAD to GET routes; handlers skip the body).
  app.get('/object/*', (c) =>
    dispatch(
      rest(c, '/object/'),
      [
        ['public/', (r) => objects.download(rt, c, objectPath(r), 'public')],
        ['authenticated/', (r) => objects.download(rt, c, objectPath(r), 'authenticated')],
        ['info/public/', (r) => objects.info(rt, c, objectPath(r), 'public')],
        ['info/authenticated/', (r) => objects.info(rt, c, objectPath(r), 'authenticated')],
        ['info/', (r) => objects.info(rt, c, objectPath(r), 'authenticated')],
        ['sign/', (r) => signed.downloadSigned(rt, c, objectPath(r))],
      ],
      (r) => objects.download(rt, c, objectPath(r), 'authenticated'),
    ),
  );

  app.post('/object/*', (c) =>
    dispatch(
      rest(c, '/object/'),
      [
        ['list/', (r) => objects.list(rt, c, bucketOnly(r))],
        ['list-v2/', (r) => objects.listV2(rt, c, bucketOnly(r))],
        ['move', () => objects.move(rt, c)],
        ['copy', () => objects.copy(rt, c)],
        ['upload/sign/', (r) => signed.createSignedUploadUrl(rt, c, objectPath(r))],
        [
          'sign/',
          (r) => {
            const path = splitObjectPath(r);
            return path.key ? signed.createSignedUrl(rt, c, path) : signed.createSignedUrls(rt, c, path.bucket);
          },
        ],
      ],
      (r) => objects.upload(rt, c, objectPath(r), 'create'),
    ),
  );

  app.put('/object/*', (c) =>
    dispatch(
      rest(c, '/object/'),
      [['upload/sign/', (r) => signed.uploadToSignedUrl(rt, c, objectPath(r))]],
      (r) => objects.upload(rt, c, objectPath(r), 'update'),
    ),
  );

  app.delete('/object/*', (c) =>
    dispatch(rest(c, '/object/'), [], (r) => {
      const path = splitObjectPath(r);
      return path.key ? objects.deleteOne(rt, c, path) : objects.removeMany(rt, c, path.bucket);
    }),
  );

  // Image transforms: the same access rules as the matching /object/ routes.
  app.get('/render/image/*', (c) =>
    dispatch(
      rest(c, '/render/image/'),
      [
        ['public/', (r) => renderImage(rt, c, objectPath(r), 'public')],
        ['authenticated/', (r) => renderImage(rt, c, objectPath(r), 'authenticated')],
        ['sign/', (r) => renderImage(rt, c, objectPath(r), 'sign')],
      ],
      () => {
        throw new RouteNotFound();
      },
    ),
  );

  return app;
}
