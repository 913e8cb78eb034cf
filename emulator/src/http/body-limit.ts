// The gateway's request-body limit, one mechanism for every service (nginx's
// `client_max_body_size` in front of the CLI's stack plays this part). A declared
// Content-Length over the limit is refused before a byte is read; any other body is counted
// while the service streams it, and reading stops at the first byte past the limit, so no
// request ever holds more than the limit in memory. The refusal is the service's own 413.
// It never reads a body itself: each service checks the caller's key before it reads one.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env.js';

export interface BodyLimit {
  /** The most bytes this request's body may have; null when the route bounds its body itself. */
  bytesFor(c: Context<GatewayEnv>): number | null;
  /** The service's 413 answer, in its own error shape. */
  tooLarge(c: Context<GatewayEnv>, limit: number): Response;
}

/** What a service's body read rejects with once the body passed the limit. */
export class RequestBodyTooLargeError extends Error {
  readonly isRequestBodyTooLarge = true;
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'RequestBodyTooLargeError';
  }
}

/** "10485760 bytes (10 MiB)" for messages. */
export function describeLimit(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${bytes} bytes (${Number(mib.toFixed(2))} MiB)` : `${bytes} bytes`;
}

/**
 * `source` as a web stream with a byte counter: past `limit` the stream errors and reading
 * stops. The source is left paused, never destroyed (that would close the socket before the
 * 413 is written): the HTTP server discards what the client still sends once it has answered.
 */
export function limitedStream(
  source: Readable,
  limit: number,
  onOverflow: () => void,
): ReadableStream<Uint8Array> {
  let received = 0;
  let detach = () => undefined as void;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > limit) {
            detach();
            onOverflow();
            controller.error(new RequestBodyTooLargeError(limit));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        // The client went away mid-body: the reader sees the abort storage-api reports.
        const onClose = () => {
          detach();
          controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        };
        detach = () => {
          source.off('data', onData);
          source.off('end', onEnd);
          source.off('error', onError);
          source.off('close', onClose);
          source.pause();
        };
        source.on('data', onData);
        source.on('end', onEnd);
        source.on('error', onError);
        source.on('close', onClose);
        source.pause();
      },
      pull() {
        source.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Response headers the 413 keeps from whatever the route answered (CORS, mostly). */
const KEPT_HEADERS = /^(access-control-|vary$)/i;

export function requestBodyLimit(limit: BodyLimit): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const bytes = limit.bytesFor(c);
    if (bytes === null || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // Checked before the body is touched: asking for it makes the server start reading.
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > bytes) return limit.tooLarge(c, bytes);
    // The Node request itself when served over HTTP (in-process calls have only the web body).
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const source = incoming ?? (c.req.raw.body ? Readable.fromWeb(c.req.raw.body as NodeWebStream) : null);
    if (!source) return next();

    let overflowed = false;
    c.req.raw = new Request(c.req.url, {
      method: c.req.method,
      headers: c.req.raw.headers,
      signal: c.req.raw.signal,
      body: limitedStream(source, bytes, () => (overflowed = true)),
      duplex: 'half',
    } as RequestInit);
    try {
      await next();
    } catch (error) {
      if (!overflowed) throw error;
    }
    // Whatever the route made of the failed read (a parse error, a 500), the caller sent too much.
    if (overflowed) {
      const answered = c.res;
      const refusal = limit.tooLarge(c, bytes);
      answered.headers.forEach((value, name) => {
        if (KEPT_HEADERS.test(name)) refusal.headers.set(name, value);
      });
      c.res = undefined;
      c.res = refusal;
    }
  };
}

/** For a service that declares no limit of its own: the `[api]` limit, the gateway's `{message}`. */
export function gatewayBodyLimit(bytes: number): BodyLimit {
  return {
    bytesFor: () => bytes,
    tooLarge: (c, limit) =>
      c.json({ message: `The request body is larger than ${describeLimit(limit)}.` }, 413),
  };
}
