// POST /token?grant_type=password|refresh_token|pkce|id_token|web3: the grant named by the query
// (docs/compatibility.md#auth-endpoints, #auth-refresh-token-rotation), behind the token_refresh
// rate limit; any other grant type is GoTrue's invalid_credentials "unsupported_grant_type".
import { z } from 'zod';
import { enforceRateLimit, type AuthContext, type AuthHandler } from '../../context.js';
import { fail } from '../../errors.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { optionalString } from '../../request/validation.js';
import { idTokenGrant } from '../identities/id-token-grant.js';
import { web3Grant } from '../identities/web3.js';
import { passwordGrant } from './password-grant.js';
import { pkceGrant } from './pkce-grant.js';
import { refreshGrant } from './refresh.js';

const RefreshBody = z.object({ refresh_token: optionalString }).loose();

async function refreshTokenGrant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const body = await parseBody(c, RefreshBody);
  return json(c, await refreshGrant(ctx.db, ctx, body.refresh_token ?? undefined));
}

const GRANTS: Record<string, AuthHandler> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
  web3: web3Grant,
};

export async function token(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const grantType = c.req.query('grant_type') ?? '';
  const grant = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
  if (!grant) fail('invalid_credentials', 'unsupported_grant_type');
  enforceRateLimit(ctx, c, 'token_refresh');
  return grant(c, ctx);
}
