// The relay's `verify_jwt` gate (docs/compatibility.md#functions-jwt-gate; the CLI's relay
// `main.ts`): the `Authorization` header as the caller sent it must be `Bearer <JWT signed with the
// project's secret or signing keys>`. The new `sb_publishable_…` / `sb_secret_…` keys are not JWTs and do not pass,
// as on hosted Supabase, where functions called with them need `verify_jwt = false`.
import type { Keys } from '../keys.js';
import type { FunctionsErrorCode } from './errors.js';

export async function checkFunctionJwt(
  authorization: string | undefined,
  keys: Keys,
): Promise<FunctionsErrorCode | null> {
  if (!authorization) return 'missing_authorization';
  const [scheme, token, ...rest] = authorization.split(' ');
  if (scheme !== 'Bearer' || !token || rest.length > 0) return 'malformed_authorization';
  const verified = await keys.verify(token);
  return verified.ok ? null : 'invalid_jwt';
}
