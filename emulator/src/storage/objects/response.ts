// Renders an object as storage-api does: the stored content type (HTML served as text/plain),
// ETag, Last-Modified, Cache-Control, Accept-Ranges, 206 partial content, 304 on If-None-Match /
// If-Modified-Since, and Content-Disposition for `?download`; plus the headers that keep the file
// from running on the API's origin (served-headers.ts), on every status.
import { Readable } from 'node:stream';
import type { BlobStore } from '../blobs/blob-store.js';
import { storageErrors } from '../errors.js';
import type { ObjectRow } from './rows.js';
import { parseRange } from './range.js';
import { objectContentHeaders } from './served-headers.js';

export interface RenderOptions {
  /** `?download` (empty string: attachment with no name; undefined: inline). */
  download?: string | undefined;
  head?: boolean;
  /** Signed URLs answer with `Cache-Control: no-cache` unless the object says otherwise. */
}

export function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

export function notModified(request: Request, eTag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(eTag);
  }
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

export async function renderObject(
  request: Request,
  object: ObjectRow,
  store: BlobStore,
  options: RenderOptions = {},
): Promise<Response> {
  const location = object.version ? { bucket: object.bucket_id, key: object.name, version: object.version } : null;
  const size = location ? await store.sizeOf(location) : null;
  // A row without bytes (e.g. inserted by SQL in a seed) is reported as storage-api reports a
  // missing backend object.
  if (!location || size === null) throw storageErrors.noSuchKey();

  const metadata = object.metadata;
  const eTag = metadata?.eTag ?? `"${object.version}"`;
  const lastModified = new Date(metadata?.lastModified ?? object.updated_at);
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    ...objectContentHeaders(metadata?.mimetype),
    ETag: eTag,
    'Last-Modified': lastModified.toUTCString(),
    'Cache-Control': metadata?.cacheControl ?? 'no-cache',
  });
  if (options.download !== undefined) headers.set('Content-Disposition', contentDisposition(options.download));

  if (notModified(request, eTag, lastModified)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(request.headers.get('range'), size);
  if (range.kind === 'unsatisfiable') {
    const error = storageErrors.invalidRange();
    return new Response(JSON.stringify(error.body()), {
      status: 416,
      headers: { 'Content-Type': 'application/json', 'Content-Range': `bytes */${size}` },
    });
  }
  const partial = range.kind === 'partial';
  const length = partial ? range.end - range.start + 1 : size;
  headers.set('Content-Length', String(length));
  if (partial) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = partial ? 206 : 200;
  if (options.head || length === 0) return new Response(null, { status, headers });
  const stream = await store.open(location, partial ? { start: range.start, end: range.end } : undefined);
  return new Response(Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, { status, headers });
}
