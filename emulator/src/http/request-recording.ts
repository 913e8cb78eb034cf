// Records every API request the gateway answers over HTTP into the console's request log:
// who asked (role and user from the JWT), what, the answer and how long it took, with bodies
// the service read and the bytes it sent (both cut at BODY_CAPTURE_BYTES, masked). Nothing is
// read that the service does not read itself, so recording changes no request.
import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { maskBody, maskHeaders, maskQuery } from '../console/masking.js';
import {
  BODY_CAPTURE_BYTES,
  decodeClaims,
  rowsOf,
  serviceOf,
  type CapturedBody,
  type RequestLog,
} from '../console/request-log.js';
import type { GatewayEnv } from './gateway-env.js';

const TEXTUAL = /json|text|x-www-form-urlencoded|xml|javascript|csv/i;

function textual(contentType: string | null): boolean {
  return contentType === null || contentType === '' || TEXTUAL.test(contentType);
}

/** Copies what a response writes, up to the limit, without touching how it is sent. */
function tapResponse(outgoing: ServerResponse): { chunks: Buffer[]; bytes: number; truncated: boolean } {
  const tap = { chunks: [] as Buffer[], bytes: 0, truncated: false };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!buffer) return;
    tap.bytes += buffer.length;
    const room = BODY_CAPTURE_BYTES - tap.chunks.reduce((sum, c) => sum + c.length, 0);
    if (room <= 0) tap.truncated = true;
    else {
      tap.chunks.push(buffer.length > room ? buffer.subarray(0, room) : buffer);
      if (buffer.length > room) tap.truncated = true;
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

function headerRecord(headers: Record<string, string | number | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** The body the service read (hono keeps what `c.req.text()`/`json()`/`arrayBuffer()` returned). */
async function requestBody(c: Context<GatewayEnv>): Promise<CapturedBody> {
  const contentType = c.req.header('content-type') ?? null;
  const length = c.req.header('content-length');
  const cache = c.req.bodyCache;
  let text: string | null = null;
  // hono keeps the promises of its reads there (typed as their values).
  const settled = <T>(read: T | Promise<T>) => Promise.resolve(read).catch(() => null);
  if (cache.text !== undefined) text = await settled(cache.text);
  else if (cache.json !== undefined) text = JSON.stringify(await settled<unknown>(cache.json));
  else if (cache.arrayBuffer !== undefined) {
    const bytes = await settled(cache.arrayBuffer);
    if (bytes && !textual(contentType)) return { text: null, note: `${bytes.byteLength} bytes of ${contentType}` };
    if (bytes) text = new TextDecoder().decode(bytes.slice(0, BODY_CAPTURE_BYTES));
  }
  if (text === null) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || length === '0' || (!length && !c.req.header('transfer-encoding'))) {
      return { text: null, note: null };
    }
    return { text: null, note: `${length ? `${length} bytes` : 'a streamed body'}${contentType ? ` of ${contentType}` : ''}, not kept` };
  }
  const cut = text.length > BODY_CAPTURE_BYTES;
  return { text: maskBody(cut ? text.slice(0, BODY_CAPTURE_BYTES) : text, contentType), note: cut ? `first ${BODY_CAPTURE_BYTES} bytes` : null };
}

export function recordRequests(log: RequestLog): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    // In-process calls (seeding buckets, the console's own replays) are not API traffic; CORS
    // preflights are the browser's, not the app's.
    if (!outgoing || (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method'))) return next();
    const started = performance.now();
    const time = new Date().toISOString();
    const tap = tapResponse(outgoing);
    await next();
    const url = new URL(c.req.url);
    const bearer = c.get('bearer');
    const claims = decodeClaims(bearer);
    const requestHeaders = maskHeaders(c.req.header());
    const body = requestBody(c);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const durationMs = performance.now() - started;
      void body.then((requestBodyCaptured) => {
        const headers = headerRecord(outgoing.getHeaders());
        const contentType = headers['content-type'] ?? null;
        const raw = Buffer.concat(tap.chunks);
        const rawText = textual(contentType) && raw.length > 0 ? raw.toString('utf8') : null;
        const note = tap.bytes > 0 && rawText === null ? `${tap.bytes} bytes of ${contentType}` : tap.truncated ? `first ${BODY_CAPTURE_BYTES} of ${tap.bytes} bytes` : null;
        log.record({
          time,
          service: serviceOf(url.pathname),
          method: c.req.method,
          path: url.pathname,
          query: maskQuery(url.search),
          role: bearer === null ? 'anon' : typeof claims?.role === 'string' ? claims.role : claims ? 'anon' : '(not a JWT)',
          user: typeof claims?.sub === 'string' ? claims.sub : null,
          email: typeof claims?.email === 'string' ? claims.email : null,
          status: outgoing.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          rows: rowsOf(headers['content-range'] ?? null, tap.truncated ? null : rawText, contentType),
          requestHeaders,
          requestBody: requestBodyCaptured,
          responseHeaders: maskHeaders(headers),
          responseBody: { text: rawText === null ? null : maskBody(rawText, contentType), note },
          claims,
          rawQuery: url.search,
        });
      });
    };
    if (outgoing.writableFinished) finish();
    else {
      outgoing.once('finish', finish);
      outgoing.once('close', finish);
    }
  };
}
