// CORS for the gateway (docs/compatibility.md#gateway-cors). Preflights are hono's `cors`
// middleware. Every other answer gets its headers after the service has made it: set before
// (as `cors` does), they make hono rebuild each answer around a stream of its body, so every
// response body would be copied through web streams on its way out.
// Over HTTP they are added where Node writes the answer's head, to the header record it is
// given: set on the web Response instead, they build a `Headers` for every answer, and
// @hono/node-server then turns it back into a record. In-process answers (the console,
// seeding) get them on the Response.
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';

/** A head's headers, as given to `writeHead`. */
type HeadHeaders = Record<string, OutgoingHttpHeader | undefined>;

interface CorsHeaders {
  origin: string;
  exposed: string;
}

/** Headers the gateway sets, replacing a service's own; `Vary` gets `Origin` appended. */
const REPLACED = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
] as const;

/**
 * `headers` (as given to `writeHead`) with the CORS headers, as `Headers.set`/`append` would
 * leave them: the gateway's values replace any of the same name, whatever its case, and
 * `Origin` joins a `Vary` the answer has.
 */
export function withCorsHeaders(
  headers: HeadHeaders | undefined,
  { origin, exposed }: CorsHeaders,
): HeadHeaders {
  const out: HeadHeaders = {};
  let vary: OutgoingHttpHeader | undefined;
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === 'vary') vary = headers[name];
    else if (!(REPLACED as readonly string[]).includes(lower)) out[name] = headers[name];
  }
  out['access-control-allow-origin'] = origin;
  out['access-control-allow-credentials'] = 'true';
  out['access-control-expose-headers'] = exposed;
  out.vary =
    vary === undefined ? 'Origin' : `${Array.isArray(vary) ? vary.join(', ') : vary}, Origin`;
  return out;
}

/** What @hono/node-server gives an answer with a body and a `Headers` but no type. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8';

function hasContentType(headers: HeadHeaders): boolean {
  for (const name in headers) if (name.toLowerCase() === 'content-type') return true;
  return false;
}

/**
 * Adds the CORS headers to the head `outgoing` writes next (once): @hono/node-server writes
 * every head with `writeHead(status, [record])`. `answer` is the Response being sent.
 */
function addOnWriteHead(outgoing: ServerResponse, cors: CorsHeaders, answer: () => Response): void {
  const writeHead = outgoing.writeHead as (
    this: ServerResponse,
    status: number,
    ...rest: unknown[]
  ) => ServerResponse;
  outgoing.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    outgoing.writeHead = writeHead as ServerResponse['writeHead'];
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const given = rest[message === undefined ? 0 : 1] as HeadHeaders | undefined;
    // A Vary set on the response beforehand (setHeader) is joined too; one given here wins.
    const pending = this.getHeader('vary');
    const headers = withCorsHeaders(
      pending === undefined ? given : { vary: pending, ...given },
      cors,
    );
    // An answer whose headers are a plain record is sent as they are; one with a `Headers`
    // gets a default type when it has a body. Set on the Response, the CORS headers made
    // every answer's a `Headers`: the default stays.
    if (!hasContentType(headers) && !this.hasHeader('content-type') && answer().body !== null)
      headers['content-type'] = DEFAULT_CONTENT_TYPE;
    return message === undefined
      ? writeHead.call(this, status, headers)
      : writeHead.call(this, status, message, headers);
  } as ServerResponse['writeHead'];
}

/**
 * Headers browsers may read from any service (docs/compatibility.md#gateway-cors); a service adds
 * its own (`Service.exposedHeaders`: storage's TUS headers).
 */
export const GATEWAY_EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Location',
  'Link',
  'Preference-Applied',
  'Range-Unit',
  'X-Total-Count',
  'X-Supabase-Api-Version',
  'X-Relay-Error',
  'X-Client-Info',
  'sb-request-id',
];

export function gatewayCors(exposeHeaders: readonly string[]): MiddlewareHandler {
  const preflight = cors({
    origin: (origin) => origin || '*',
    exposeHeaders: [...exposeHeaders],
    maxAge: 3600,
    credentials: true,
  });
  const exposed = exposeHeaders.join(',');
  return async (c: Context, next: Next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const headers = { origin: c.req.header('origin') || '*', exposed };
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      // Node writes the head once every middleware has returned: c.res is the answer then.
      addOnWriteHead(outgoing, headers, () => c.res);
      return next();
    }
    await next();
    const { headers: answer } = c.res;
    answer.set('Access-Control-Allow-Origin', headers.origin);
    answer.set('Access-Control-Allow-Credentials', 'true');
    answer.set('Access-Control-Expose-Headers', exposed);
    answer.append('Vary', 'Origin');
  };
}
