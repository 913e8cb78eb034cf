// The consent page's two calls (auth-js `auth.oauth.getAuthorizationDetails`, `approveAuthorization`,
// `denyAuthorization`), as GoTrue's OAuthServerGetAuthorization and OAuthServerConsent answer them:
// the first reader of a pending request becomes its user; when that user already consented to
// every requested scope the request is approved at once and only `{ redirect_url }` comes back.
// Both refuse a browser Origin the project does not allow (the consent page lives at site_url).
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { authenticate, type Caller } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { isRedirectAllowed } from '../../request/redirects.js';
import {
  approveAuthorization,
  bindUser,
  denyAuthorization,
  findPendingAuthorization,
  redirectWith,
  scopesOf,
  type AuthorizationRow,
} from '../../oauth-server/authorizations.js';
import { findActiveConsent, grantConsent } from '../../oauth-server/consents.js';
import { lookupClient } from '../../oauth-server/oauth-clients.js';
import { coversScopes } from '../../oauth-server/scopes.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';

const ConsentBody = z.object({ action: z.unknown() }).loose();

/** GoTrue's validateRequestOrigin: no Origin is fine (a server or an app), else it must be allowed. */
function requireAllowedOrigin(c: AuthRequest, ctx: AuthContext): void {
  const origin = c.req.header('origin');
  if (origin && !isRedirectAllowed(origin, ctx.settings))
    fail('validation_failed', 'unauthorized request origin');
}

async function signedInCaller(c: AuthRequest, ctx: AuthContext): Promise<Caller> {
  requireOAuthServer(ctx);
  requireAllowedOrigin(c, ctx);
  return authenticate(c, ctx.db, ctx.keys);
}

/** Someone else's request is "not found", so its existence does not leak. */
function requireOwner(authorization: AuthorizationRow, caller: Caller): void {
  if (authorization.user_id !== caller.user.id) fail('oauth_authorization_not_found');
}

const successRedirect = (row: AuthorizationRow): string =>
  redirectWith(row.redirect_uri, { code: row.authorization_code, state: row.state });

/** GET /oauth/authorizations/:id */
export async function getOAuthAuthorization(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const caller = await signedInCaller(c, ctx);
  const authorizationId = c.req.param('id') ?? '';
  const autoApproved = await ctx.db.transaction(async (tx) => {
    const authorization = await findPendingAuthorization(tx, authorizationId, true);
    if (authorization.user_id) {
      requireOwner(authorization, caller);
      return { authorization, redirect: null };
    }
    await bindUser(tx, authorization, caller.user.id);
    const consent = await findActiveConsent(tx, caller.user.id, authorization.client_id);
    if (!consent || !coversScopes(consent.scopes, authorization.scope))
      return { authorization, redirect: null };
    return {
      authorization,
      redirect: successRedirect(await approveAuthorization(tx, authorization)),
    };
  });
  if (autoApproved.redirect) return json(c, { redirect_url: autoApproved.redirect });
  const { authorization } = autoApproved;
  const client = await lookupClient(ctx.db, authorization.client_id);
  return json(c, {
    authorization_id: authorization.authorization_id,
    redirect_uri: authorization.redirect_uri,
    client: {
      id: authorization.client_id,
      ...(client?.client_name ? { name: client.client_name } : {}),
      ...(client?.client_uri ? { uri: client.client_uri } : {}),
      ...(client?.logo_uri ? { logo_uri: client.logo_uri } : {}),
    },
    user: { id: caller.user.id, ...(caller.user.email ? { email: caller.user.email } : {}) },
    scope: authorization.scope,
  });
}

/** POST /oauth/authorizations/:id/consent — `{ action: 'approve' | 'deny' }` → `{ redirect_url }`. */
export async function consentToOAuthAuthorization(
  c: AuthRequest,
  ctx: AuthContext,
): Promise<Response> {
  const caller = await signedInCaller(c, ctx);
  const { action } = await parseBody(c, ConsentBody);
  if (action !== 'approve' && action !== 'deny')
    fail('validation_failed', "action must be 'approve' or 'deny'");
  const authorizationId = c.req.param('id') ?? '';
  const redirectUrl = await ctx.db.transaction(async (tx) => {
    const authorization = await findPendingAuthorization(tx, authorizationId, true);
    requireOwner(authorization, caller);
    if (action === 'deny') {
      await denyAuthorization(tx, authorization);
      return redirectWith(authorization.redirect_uri, {
        error: 'access_denied',
        error_description: 'User denied the request',
        state: authorization.state,
      });
    }
    const approved = await approveAuthorization(tx, authorization);
    await grantConsent(tx, caller.user.id, approved.client_id, scopesOf(approved));
    return successRedirect(approved);
  });
  return json(c, { redirect_url: redirectUrl });
}
