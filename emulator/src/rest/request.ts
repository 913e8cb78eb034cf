// What every REST request resolves before it touches data: the caller (JWT → claims, wire
// contract §2.4), the schema (`Accept-Profile` / `Content-Profile`), `Prefer`, and the
// transaction settings PostgREST applies (search_path, read-only for GET/HEAD).
import type { Context } from 'hono';
import type { RequestContext } from '../db/database.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceContext } from '../http/service.js';
import { requestHeaderRecord } from '../http/request-headers.js';
import type { JwtClaims } from '../keys.js';
import { ident } from './sql/identifiers.js';
import { jwtErrors, requestErrors } from './errors.js';
import { parsePrefer, type Preferences } from './parse/prefer.js';

export interface RestRequest {
  method: string;
  /** The path under /rest/v1, e.g. `/todos`. */
  path: string;
  schema: string;
  claims: JwtClaims | null;
  /** The request runs as `anon`: 42501 is then 401 rather than 403. */
  anonymous: boolean;
  prefer: Preferences;
  headers: Record<string, string>;
  /** Query parameters in order, decoded. */
  query: [string, string][];
  readOnly: boolean;
}

/**
 * Tokens already verified, so a client's repeated requests skip the HMAC and the claim checks
 * (PostgREST keeps a JWT cache too): bounded, an entry living until the token expires, at most
 * a minute; when full, the least recently used goes (a Map in order of use: a hit moves its
 * entry to the end). The same claims object comes back for every hit, so what is derived from
 * it (the encoded request settings) is derived once.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: JwtClaims; until: number }>();

  constructor(private readonly capacity = 1000) {}

  get(token: string, now = Date.now()): JwtClaims | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(token);
      return null;
    }
    this.entries.delete(token);
    this.entries.set(token, entry);
    return entry.claims;
  }

  set(token: string, claims: JwtClaims, now = Date.now()): void {
    const expires = typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity;
    this.entries.delete(token);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { claims, until: Math.min(expires, now + 60_000) });
  }
}

/** Seconds a token's `iat` may be ahead of this clock (PostgREST allows 30). */
const CLOCK_SKEW_SECONDS = 30;

/** `Bearer` → claims; none → anon. Failures are PGRST301/PGRST303 worded as PostgREST 14. */
async function authenticate(
  service: ServiceContext,
  bearer: string | null,
  tokens: VerifiedTokens,
): Promise<JwtClaims | null> {
  if (bearer === null) return null;
  if (bearer === '') throw jwtErrors.invalid('Empty JWT is sent in Authorization header');
  const known = tokens.get(bearer);
  if (known) return known;
  const parts = bearer.split('.').length;
  if (parts !== 3) throw jwtErrors.invalid(`Expected 3 parts in JWT; got ${parts}`);
  const verified = await service.keys.verify(bearer);
  if (!verified.ok) {
    switch (verified.reason) {
      case 'expired':
        throw jwtErrors.claims('JWT expired');
      case 'not_yet_valid':
        throw jwtErrors.claims('JWT not yet valid');
      case 'role':
        throw jwtErrors.role(verified.known, verified.message);
    }
    if (verified.kind === 'signature') throw jwtErrors.invalid('JWT cryptographic operation failed');
    if (verified.kind === 'algorithm') throw jwtErrors.invalid('Wrong or unsupported encoding algorithm');
    if (verified.kind === 'unknown_key') throw jwtErrors.invalid('No suitable key or wrong key type');
    throw jwtErrors.invalid("JWT couldn't be decoded");
  }
  const { iat } = verified.claims;
  if (typeof iat === 'number' && iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS)
    throw jwtErrors.claims('JWT issued at future');
  tokens.set(bearer, verified.claims);
  return verified.claims;
}

function schemaOf(c: Context<GatewayEnv>, exposed: readonly string[]): string {
  const isRead = c.req.method === 'GET' || c.req.method === 'HEAD';
  const header = c.req.header(isRead ? 'accept-profile' : 'content-profile');
  const schema = header?.trim() || exposed[0] || 'public';
  if (!exposed.includes(schema)) throw requestErrors.schemaNotExposed(schema, exposed);
  return schema;
}

export async function readRequest(
  c: Context<GatewayEnv>,
  service: ServiceContext,
  mount: string,
  tokens: VerifiedTokens,
): Promise<RestRequest> {
  const url = new URL(c.req.url);
  const schema = schemaOf(c, service.config.api.schemas);
  const claims = await authenticate(service, c.get('bearer'), tokens);
  const role = typeof claims?.role === 'string' && claims.role ? claims.role : 'anon';
  const headers = requestHeaderRecord(c);
  return {
    method: c.req.method,
    path: url.pathname.slice(mount.length) || '/',
    schema,
    claims,
    anonymous: role === 'anon',
    prefer: parsePrefer(c.req.header('prefer')),
    headers,
    query: [...url.searchParams.entries()],
    readOnly: c.req.method === 'GET' || c.req.method === 'HEAD',
  };
}

/** Is `name` a time zone Postgres and ICU both know (`Prefer: timezone=…`)? */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The `withClaims` context: claims, headers, method, path, search_path and friends. */
export function transactionContext(
  request: RestRequest,
  extraSearchPath: readonly string[],
): RequestContext {
  const searchPath = [request.schema, ...extraSearchPath.filter((s) => s !== request.schema)]
    .map(ident)
    .join(', ');
  const settings: Record<string, string> = { search_path: searchPath };
  if (request.prefer.timezone && isTimeZone(request.prefer.timezone))
    settings.timezone = request.prefer.timezone;
  // PostgREST reads in a read-only transaction: a volatile function called by GET cannot write.
  if (request.readOnly) settings.transaction_read_only = 'on';
  return {
    claims: request.claims,
    headers: request.headers,
    method: request.method,
    path: request.path,
    settings,
  };
}

export function timezoneApplied(request: RestRequest): boolean {
  return request.prefer.timezone !== undefined && isTimeZone(request.prefer.timezone);
}
