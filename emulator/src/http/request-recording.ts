// Records every API request the gateway answers over HTTP into the console's request log:
// who asked (role and user from the JWT), what, the answer and how long it took, with bodies
// the service read and the bytes it sent (both cut at BODY_CAPTURE_BYTES, masked). Nothing is
// read that the service does not read itself, so recording changes no request.
// While a request is answered only references are kept (the headers objects, the chunks
// written, the body the service read); the URL, the claims, masking and row counts are worked
// out when the console reads the entry, since masking a body costs more than many an answer.
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { maskBody, maskHeaders, maskQuery } from '../observability/masking.js';
import {
  BODY_CAPTURE_BYTES,
  decodeClaims,
  rowsOf,
  serviceOf,
  type CapturedBody,
  type NewRequestEntry,
  type RequestLog,
} from '../observability/request-log.js';
import type { GatewayEnv } from './gateway-env.js';

const TEXTUAL = /json|text|x-www-form-urlencoded|xml|javascript|csv/i;

function textual(contentType: string | null): boolean {
  return contentType === null || contentType === '' || TEXTUAL.test(contentType);
}

type Chunk = string | Uint8Array;

interface ResponseTap {
  /** What was written, as written, up to about BODY_CAPTURE_BYTES. */
  chunks: { chunk: Chunk; encoding: BufferEncoding }[];
  /** Bytes past the kept chunks (counted, not kept). */
  skippedBytes: number;
  /** Characters or bytes kept so far (a bound on the copy made later). */
  kept: number;
}

/** Copies references to what a response writes, without touching how it is sent. */
function tapResponse(outgoing: ServerResponse): ResponseTap {
  const tap: ResponseTap = { chunks: [], skippedBytes: 0, kept: 0 };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return;
    const textEncoding = typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
    const room = BODY_CAPTURE_BYTES - tap.kept;
    if (room <= 0) {
      tap.skippedBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, textEncoding) : chunk.byteLength;
    } else if (chunk.length <= room) {
      tap.kept += chunk.length;
      tap.chunks.push({ chunk, encoding: textEncoding });
    } else {
      // Only the start of a long chunk is kept, as a copy, so the log does not hold all of it.
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, textEncoding) : chunk;
      const head = Buffer.from(bytes.subarray(0, room));
      tap.kept += head.length;
      tap.chunks.push({ chunk: head, encoding: textEncoding });
      tap.skippedBytes += bytes.byteLength - head.length;
    }
  };
  const write = outgoing.write.bind(outgoing) as (...args: unknown[]) => boolean;
  const end = outgoing.end.bind(outgoing) as (...args: unknown[]) => ServerResponse;
  outgoing.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  outgoing.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  return tap;
}

/** The written bytes (first BODY_CAPTURE_BYTES), their total, and whether some were cut. */
function tappedBytes(tap: ResponseTap): { raw: Buffer; bytes: number; truncated: boolean } {
  const all = Buffer.concat(
    tap.chunks.map(({ chunk, encoding }) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)),
  );
  const bytes = all.length + tap.skippedBytes;
  return { raw: all.subarray(0, BODY_CAPTURE_BYTES), bytes, truncated: bytes > BODY_CAPTURE_BYTES };
}

function headerRecord(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** What the service read of the request body (hono keeps what `text()`/`json()`/`arrayBuffer()` returned). */
type ReadBody = { text: string } | { bytes: ArrayBuffer } | { json: unknown } | null;

/** The body the service read, settled; null when it read none. */
function readBody(c: Context<GatewayEnv>): Promise<ReadBody> | null {
  const cache = c.req.bodyCache;
  // hono keeps the promises of its reads there (typed as their values).
  const settled = <T>(read: T | Promise<T>) => Promise.resolve(read).catch(() => null);
  if (cache.text !== undefined) return settled(cache.text).then((text) => (text === null ? null : { text }));
  if (cache.json !== undefined) return settled<unknown>(cache.json).then((json) => (json === null ? null : { json }));
  if (cache.arrayBuffer !== undefined)
    return settled(cache.arrayBuffer).then((bytes) => (bytes === null ? null : { bytes }));
  return null;
}

function capturedRequestBody(
  read: ReadBody,
  method: string,
  headers: Record<string, string>,
): CapturedBody {
  const contentType = headers['content-type'] ?? null;
  const length = headers['content-length'];
  let text: string | null = null;
  if (read && 'text' in read) text = read.text;
  else if (read && 'json' in read) text = JSON.stringify(read.json);
  else if (read && 'bytes' in read) {
    if (!textual(contentType)) return { text: null, note: `${read.bytes.byteLength} bytes of ${contentType}` };
    text = new TextDecoder().decode(read.bytes.slice(0, BODY_CAPTURE_BYTES));
  }
  if (text === null) {
    if (method === 'GET' || method === 'HEAD' || length === '0' || (!length && !headers['transfer-encoding'])) {
      return { text: null, note: null };
    }
    return { text: null, note: `${length ? `${length} bytes` : 'a streamed body'}${contentType ? ` of ${contentType}` : ''}, not kept` };
  }
  const cut = text.length > BODY_CAPTURE_BYTES;
  return { text: maskBody(cut ? text.slice(0, BODY_CAPTURE_BYTES) : text, contentType), note: cut ? `first ${BODY_CAPTURE_BYTES} bytes` : null };
}

interface Captured {
  time: number;
  method: string;
  url: string;
  bearer: string | null;
  requestHeaders: IncomingHttpHeaders;
  requestBody: ReadBody;
  status: number;
  responseHeaders: OutgoingHttpHeaders;
  tap: ResponseTap;
  durationMs: number;
}

/** The console's entry for a captured request: parsed, decoded and masked now. */
function entryOf(captured: Captured): NewRequestEntry {
  const url = new URL(captured.url);
  const claims = decodeClaims(captured.bearer);
  const requestHeaders = headerRecord(captured.requestHeaders);
  const headers = headerRecord(captured.responseHeaders);
  const contentType = headers['content-type'] ?? null;
  const { raw, bytes, truncated } = tappedBytes(captured.tap);
  const rawText = textual(contentType) && raw.length > 0 ? raw.toString('utf8') : null;
  const note =
    bytes > 0 && rawText === null
      ? `${bytes} bytes of ${contentType}`
      : truncated
        ? `first ${BODY_CAPTURE_BYTES} of ${bytes} bytes`
        : null;
  return {
    time: new Date(captured.time).toISOString(),
    service: serviceOf(url.pathname),
    method: captured.method,
    path: url.pathname,
    query: maskQuery(url.search),
    role:
      captured.bearer === null
        ? 'anon'
        : typeof claims?.role === 'string'
          ? claims.role
          : claims
            ? 'anon'
            : '(not a JWT)',
    user: typeof claims?.sub === 'string' ? claims.sub : null,
    email: typeof claims?.email === 'string' ? claims.email : null,
    status: captured.status,
    durationMs: Math.round(captured.durationMs * 10) / 10,
    rows: rowsOf(headers['content-range'] ?? null, truncated ? null : rawText, contentType),
    requestHeaders: maskHeaders(requestHeaders),
    requestBody: capturedRequestBody(captured.requestBody, captured.method, requestHeaders),
    responseHeaders: maskHeaders(headers),
    responseBody: { text: rawText === null ? null : maskBody(rawText, contentType), note },
    claims,
    rawQuery: url.search,
  };
}

export function recordRequests(log: RequestLog): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const bindings = c.env as Partial<HttpBindings> | undefined;
    const outgoing = bindings?.outgoing;
    const incoming = bindings?.incoming;
    // In-process calls (seeding buckets, the console's own replays) are not API traffic; CORS
    // preflights are the browser's, not the app's.
    if (!outgoing || !incoming || (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')))
      return next();
    const started = performance.now();
    const time = Date.now();
    const tap = tapResponse(outgoing);
    await next();
    const { method, url } = c.req;
    const bearer = c.get('bearer');
    const body = readBody(c);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const durationMs = performance.now() - started;
      const capture = (requestBody: ReadBody) => {
        const captured: Captured = {
          time,
          method,
          url,
          bearer,
          requestHeaders: incoming.headers,
          requestBody,
          status: outgoing.statusCode,
          responseHeaders: outgoing.getHeaders(),
          tap,
          durationMs,
        };
        log.recordLater(() => entryOf(captured));
      };
      if (body) void body.then(capture);
      else capture(null);
    };
    if (outgoing.writableFinished) finish();
    else {
      outgoing.once('finish', finish);
      outgoing.once('close', finish);
    }
  };
}
