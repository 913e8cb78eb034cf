// Who is calling: the gateway's bearer (after the sb_ key mapping) verified with the project's
// secret or signing keys. storage-api rejects a missing or bad JWT with AccessDenied (HTTP 400, statusCode
// 403) on authenticated routes, worded as jose (its JWT library) words the refusal: "Invalid
// Compact JWS", "signature verification failed", '"exp" claim timestamp check failed'. Public
// and signed routes do not ask. With neither Authorization nor apikey there is no bearer:
// storage-api verifies the empty string, which jose refuses as "Invalid Compact JWS".
import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { JwtClaims, Keys, VerifyResult } from '../keys.js';
import { storageErrors } from './errors.js';

type VerifyFailure = Exclude<VerifyResult, { ok: true }>;

export interface Caller {
  claims: JwtClaims;
  role: string;
  /** The JWT `sub` (storage's owner_id); null for the anon and service keys. */
  sub: string | null;
}

/** jose's wording of a refused token, which storage-api answers; a refused role is Postgres's. */
function describeFailure(failure: VerifyFailure): string {
  return failure.reason === 'role' ? failure.message : failure.joseMessage;
}

export async function verifyToken(keys: Keys, token: string): Promise<Caller> {
  const result = await keys.verify(token);
  if (!result.ok) throw storageErrors.accessDenied(describeFailure(result));
  const role = typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : 'anon';
  const sub = typeof result.claims.sub === 'string' && result.claims.sub ? result.claims.sub : null;
  return { claims: result.claims, role, sub };
}

export async function requireCaller(c: Context<GatewayEnv>, keys: Keys): Promise<Caller> {
  const bearer = c.get('bearer');
  if (!bearer) throw storageErrors.accessDenied('Invalid Compact JWS');
  return verifyToken(keys, bearer);
}

/** The owner columns storage writes: `owner` is a uuid (legacy), `owner_id` any text. */
export function ownerColumns(caller: Pick<Caller, 'sub'> | null): { owner: string | null; ownerId: string | null } {
  const sub = caller?.sub ?? null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}

/** The claims storage uses for the work it does on its own authority (public and signed reads). */
export const SERVICE_CLAIMS: JwtClaims = { role: 'service_role' };
