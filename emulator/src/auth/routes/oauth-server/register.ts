// POST /oauth/clients/register — RFC 7591 dynamic client registration (GoTrue's
// OAuthServerClientDynamicRegister), open to anyone while `[auth.oauth_server]
// allow_dynamic_registration` is on, else 403 oauth_dynamic_client_registration_disabled.
// The client is registered as `dynamic`, with the admin API's validation and answer.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { json, type AuthRequest } from '../../request/http.js';
import { clientJson, registerClient } from '../../oauth-server/oauth-clients.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';
import { readClientBody, RegisterClientBody } from './client-body.js';

export async function registerOAuthClientDynamically(
  c: AuthRequest,
  ctx: AuthContext,
): Promise<Response> {
  requireOAuthServer(ctx);
  if (!ctx.settings.oauthServer.allowDynamicRegistration)
    fail('oauth_dynamic_client_registration_disabled');
  const { row, secret } = await registerClient(ctx.db, await readClientBody(c, RegisterClientBody), 'dynamic');
  return json(c, clientJson(row, secret), 201);
}
