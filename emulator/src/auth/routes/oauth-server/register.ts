// POST /oauth/clients/register — RFC 7591 dynamic client registration (GoTrue's
// OAuthServerClientDynamicRegister), open to anyone while `[auth.oauth_server]
// allow_dynamic_registration` is on, else 403 oauth_dynamic_client_registration_disabled.
// The client is registered as `dynamic`, with the admin API's validation and answer.
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { AuthError, fail } from '../../errors.js';
import { json, readJsonObject, type AuthRequest } from '../../request/http.js';
import { clientJson, registerClient } from '../../oauth-server/oauth-clients.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';

const text = z.string().nullish();
const list = z.array(z.string()).nullish();
const RegistrationBody = z
  .object({
    redirect_uris: list,
    grant_types: list,
    client_name: text,
    client_uri: text,
    logo_uri: text,
    client_type: text,
    token_endpoint_auth_method: text,
  })
  .loose();

export async function registerOAuthClientDynamically(
  c: AuthRequest,
  ctx: AuthContext,
): Promise<Response> {
  requireOAuthServer(ctx);
  if (!ctx.settings.oauthServer.allowDynamicRegistration)
    fail('oauth_dynamic_client_registration_disabled');
  let raw: unknown;
  try {
    raw = await readJsonObject(c);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'bad_json')
      fail('bad_json', 'Invalid JSON body');
    throw error;
  }
  const parsed = RegistrationBody.safeParse(raw);
  if (!parsed.success) fail('bad_json', 'Invalid JSON body');
  const { row, secret } = await registerClient(ctx.db, parsed.data, 'dynamic');
  return json(c, clientJson(row, secret), 201);
}
