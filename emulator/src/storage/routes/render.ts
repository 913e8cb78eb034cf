// GET /render/image/{public,authenticated,sign}/{bucket}/{key}: the object transformed
// (docs/compatibility.md#storage-image-transformations). Who may read it is decided exactly as for
// the matching /object/ route; a signed URL's token carries its transformation, and query
// options are not looked at then, so a shared link cannot be widened into other renditions.
import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { storageErrors } from '../errors.js';
import {
  decideRendition,
  MIME_OF_FORMAT,
  parseTransformationString,
  parseTransformOptions,
  type TransformOptions,
} from '../images/transform.js';
import { validateObjectKey } from '../objects/names.js';
import { readableObject, type ObjectPath } from './objects.js';
import { contentDisposition, notModified, renderObject } from '../objects/response.js';
import { findObject, type ObjectRow } from '../objects/rows.js';
import { safetyHeaders } from '../objects/served-headers.js';
import { asService, type StorageRuntime } from '../runtime.js';
import { verifyDownloadToken } from '../signed-urls/tokens.js';

type StorageContext = Context<GatewayEnv>;
export type RenderAccess = 'public' | 'authenticated' | 'sign';

async function objectAndOptions(
  rt: StorageRuntime,
  c: StorageContext,
  path: ObjectPath,
  access: RenderAccess,
): Promise<{ object: ObjectRow; options: TransformOptions }> {
  if (access === 'sign') {
    const key = validateObjectKey(path.key);
    const token = await verifyDownloadToken(
      rt.context.keys,
      c.req.query('token'),
      `${path.bucket}/${key}`,
    );
    const object = await asService(rt, c, (tx) => findObject(tx, path.bucket, key));
    if (!object) throw storageErrors.noSuchKey();
    return {
      object,
      options: token.transformations ? parseTransformationString(token.transformations) : {},
    };
  }
  const options = parseTransformOptions(c.req.query());
  return { object: await readableObject(rt, c, path, access === 'public'), options };
}

function isSvg(object: ObjectRow): boolean {
  return /^image\/svg\+xml\b/i.test(object.metadata?.mimetype ?? '');
}

export async function renderImage(
  rt: StorageRuntime,
  c: StorageContext,
  path: ObjectPath,
  access: RenderAccess,
): Promise<Response> {
  const { object, options } = await objectAndOptions(rt, c, path, access);
  const location = object.version
    ? { bucket: object.bucket_id, key: object.name, version: object.version }
    : null;
  if (!location || (await rt.blobs.sizeOf(location)) === null) throw storageErrors.noSuchKey();
  // Vector images are not resized: imgproxy (without IMGPROXY_ALWAYS_RASTERIZE_SVG, as behind
  // Supabase) answers an SVG unless another format is asked for, its scripts stripped
  // (IMGPROXY_SANITIZE_SVG). Here it is answered as stored but sandboxed like any object, so
  // opened on its own it runs nothing (objects/served-headers.ts).
  if (isSvg(object) && options.format !== 'avif') {
    return renderObject(c.req.raw, object, rt.blobs, { download: c.req.query('download'), head: c.req.method === 'HEAD' });
  }

  const rendition = decideRendition(
    options,
    object.metadata?.mimetype ?? '',
    c.req.header('accept') ?? null,
  );
  const { bytes, eTag } = await rt.renditions.get(location, rendition, () =>
    rt.blobs.open(location),
  );

  const lastModified = new Date(object.metadata?.lastModified ?? object.updated_at);
  const type = MIME_OF_FORMAT[rendition.format];
  const headers = new Headers({
    'Content-Type': type,
    ...safetyHeaders(type),
    ETag: eTag,
    'Last-Modified': lastModified.toUTCString(),
    'Cache-Control': object.metadata?.cacheControl ?? 'no-cache',
  });
  // The format follows the Accept header unless the request fixed it.
  if (!options.format) headers.set('Vary', 'Accept');
  const download = c.req.query('download');
  if (download !== undefined) headers.set('Content-Disposition', contentDisposition(download));
  if (notModified(c.req.raw, eTag, lastModified)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(bytes.byteLength));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
