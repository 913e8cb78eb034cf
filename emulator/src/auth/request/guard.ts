// Who is calling: GoTrue's requireAuthentication (bearer → verified claims → user and
// session rows), requireAdmin (service_role / supabase_admin) and requireNotAnonymous.
import type { Database } from '../../db/database.js';
import type { JwtClaims, Keys } from '../../keys.js';
import { fail } from '../errors.js';
import type { AuthRequest } from './http.js';
import { findSession, type SessionRow } from '../sessions/sessions.js';
import { findUserById, isUuid, type UserRow } from '../users/users.js';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow | null;
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's extractBearerToken: `Bearer <token>` (or `bearer`), one space, no blank in the token. */
const GOTRUE_BEARER = /^[Bb]earer (\S+)$/;

/**
 * The token GoTrue finds in the Authorization header the CLI's gateway hands it
 * (docs/compatibility.md#auth-bearer-token). The gateway maps an `sb_` key to `Bearer <JWT>`, but
 * when no Authorization header was sent it passes any other apikey on as the bare header value,
 * without `Bearer `: GoTrue then finds no token, so an API key never stands for a session.
 */
export function sessionBearer(c: AuthRequest): string | null {
  const authorization = c.req.header('authorization');
  if (authorization && !/^bearer\s+sb_/i.test(authorization)) {
    return GOTRUE_BEARER.exec(authorization)?.[1] ?? null;
  }
  const bearer = c.get('bearer');
  return bearer !== null && bearer !== c.get('apikey') ? bearer : null;
}

export async function verifiedClaims(c: AuthRequest, keys: Keys): Promise<JwtClaims> {
  const bearer = sessionBearer(c);
  if (!bearer) fail('no_authorization');
  const result = await keys.verify(bearer);
  if (!result.ok) {
    const reason =
      result.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : result.reason === 'role'
          ? `token has invalid claims: ${result.message}`
          : result.message;
    fail('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return result.claims;
}

export async function authenticate(c: AuthRequest, db: Database, keys: Keys): Promise<Caller> {
  const claims = await verifiedClaims(c, keys);
  if (!claims.sub) fail('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) fail('bad_jwt', 'invalid claim: sub claim must be a UUID', 400);
  const user = await findUserById(db, claims.sub);
  if (!user) fail('user_not_found', 'User from sub claim in JWT does not exist', 403);
  let session: SessionRow | null = null;
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    session = await findSession(db, sessionId);
    if (!session) fail('session_not_found');
  }
  return { claims, user, session };
}

/** The audience a request is for: GoTrue's `X-JWT-AUD` header, else the configured one. */
const DEFAULT_AUDIENCE = 'authenticated';

/**
 * GoTrue's GET /user answers only to a token of the request's audience (400 validation_failed
 * "Token audience doesn't match request audience"); a token minted for another audience with
 * the project's secret does not read the user.
 */
export function requireRequestAudience(c: AuthRequest, claims: JwtClaims): void {
  const requested = c.req.header('x-jwt-aud') || DEFAULT_AUDIENCE;
  const first = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (first !== requested) fail('validation_failed', "Token audience doesn't match request audience");
}

export async function requireAdmin(c: AuthRequest, keys: Keys): Promise<JwtClaims> {
  const claims = await verifiedClaims(c, keys);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) fail('not_admin');
  return claims;
}

export function requireNotAnonymous(caller: Caller): void {
  if (caller.claims.is_anonymous === true || caller.user.is_anonymous) {
    fail('no_authorization', 'Anonymous user not allowed to perform these actions', 403);
  }
}

/** The session's assurance level as the token states it (GoTrue reads the session row). */
export function isAal2(caller: Caller): boolean {
  return (caller.session?.aal ?? caller.claims.aal) === 'aal2';
}
