// A user's grants to OAuth clients (auth-js `auth.oauth.listGrants` / `revokeGrant`), as GoTrue's
// UserListOAuthGrants and UserRevokeOAuthGrant answer them: the active consents with their
// client, and revoking one, which also ends every session the client started for the user so
// its refresh tokens stop working.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { authenticate } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import {
  findActiveConsent,
  listActiveConsents,
  revokeConsent,
} from '../../oauth-server/consents.js';
import { isClientId, lookupClient } from '../../oauth-server/oauth-clients.js';
import { parseScopes } from '../../oauth-server/scopes.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';

/** GET /user/oauth/grants — a JSON array, most recent first. */
export async function listOAuthGrants(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const { user } = await authenticate(c, ctx.db, ctx.keys);
  const grants = [];
  for (const consent of await listActiveConsents(ctx.db, user.id)) {
    const client = await lookupClient(ctx.db, consent.client_id);
    if (!client) continue;
    grants.push({
      client: {
        id: client.id,
        ...(client.client_name ? { name: client.client_name } : {}),
        ...(client.client_uri ? { uri: client.client_uri } : {}),
        ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
      },
      scopes: parseScopes(consent.scopes),
      granted_at: new Date(consent.granted_at).toISOString(),
    });
  }
  return json(c, grants);
}

/** DELETE /user/oauth/grants?client_id= — 204. */
export async function revokeOAuthGrant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const { user } = await authenticate(c, ctx.db, ctx.keys);
  const clientId = c.req.query('client_id') ?? '';
  if (!clientId) fail('validation_failed', 'client_id query parameter is required');
  if (!isClientId(clientId)) fail('validation_failed', 'invalid client_id format');
  await ctx.db.transaction(async (tx) => {
    const consent = await findActiveConsent(tx, user.id, clientId);
    if (!consent) fail('oauth_consent_not_found');
    await revokeConsent(tx, consent, user.id);
  });
  return c.body(null, 204);
}
