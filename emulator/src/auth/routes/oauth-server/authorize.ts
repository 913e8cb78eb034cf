// GET /oauth/authorize — the start of a third-party app's authorization code flow (GoTrue's
// OAuthServerAuthorize): client_id and an exactly registered redirect_uri are checked first and
// refused as JSON (a redirect there could not be trusted); every later problem goes back to the
// redirect_uri as `error=invalid_request&error_description=…&state=…`. A good request is stored
// pending and the browser is sent to the project's consent page with `?authorization_id=`.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import type { AuthRequest } from '../../request/http.js';
import { createAuthorization, redirectWith } from '../../oauth-server/authorizations.js';
import { isClientId, lookupClient } from '../../oauth-server/oauth-clients.js';
import { DEFAULT_SCOPE, scopeProblem } from '../../oauth-server/scopes.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';

/** RFC 8707's resource indicator: an absolute URI without fragment or query. */
function resourceProblem(resource: string): string | null {
  if (!resource) return null;
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return 'resource must be an absolute URI';
  }
  if (url.hash || resource.includes('#')) return 'resource must not include a fragment component';
  if (url.search) return 'resource must not include a query component';
  return null;
}

/** GoTrue's validatePKCEParams: both values, S256 or plain, 43 to 128 characters. */
function pkceProblem(challenge: string, method: string): string | null {
  if (!challenge || !method)
    return 'PKCE flow requires both code_challenge and code_challenge_method';
  if (!['s256', 'plain'].includes(method.toLowerCase()))
    return "code_challenge_method must be 'S256' or 'plain'";
  if (challenge.length < 43 || challenge.length > 128)
    return 'code_challenge must be between 43 and 128 characters';
  return null;
}

/** The path joined to site_url with exactly one slash between them. */
function consentPageUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

export async function oauthAuthorize(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const query = (name: string): string => c.req.query(name) ?? '';
  const clientId = query('client_id');
  const redirectUri = query('redirect_uri');
  if (!clientId) fail('validation_failed', 'client_id is required');
  if (!redirectUri) fail('validation_failed', 'redirect_uri is required');
  if (!isClientId(clientId)) fail('oauth_client_not_found', 'invalid client_id format', 400);
  const client = await lookupClient(ctx.db, clientId);
  if (!client) fail('oauth_client_not_found', 'invalid client_id', 400);
  if (!client.redirect_uris.includes(redirectUri))
    fail('validation_failed', 'invalid redirect_uri');

  const state = query('state');
  const responseType = query('response_type') || 'code';
  const scope = query('scope') || DEFAULT_SCOPE;
  const resource = query('resource');
  const challenge = query('code_challenge');
  const method = query('code_challenge_method');
  const problem =
    (responseType !== 'code' ? 'only response_type=code is supported' : null) ??
    scopeProblem(scope) ??
    resourceProblem(resource) ??
    pkceProblem(challenge, method);
  if (problem) {
    return c.redirect(
      redirectWith(redirectUri, { error: 'invalid_request', error_description: problem, state }),
      302,
    );
  }
  const authorization = await createAuthorization(ctx.db, {
    clientId: client.id,
    redirectUri,
    scope,
    state,
    resource,
    codeChallenge: challenge,
    codeChallengeMethod: method,
    nonce: query('nonce'),
  });
  if (!ctx.settings.oauthServer.authorizationUrlPath) {
    const description = 'oauth authorization path not configured';
    return c.redirect(
      redirectWith(redirectUri, { error: 'server_error', error_description: description, state }),
      302,
    );
  }
  const consentPage = new URL(
    consentPageUrl(ctx.settings.siteUrl, ctx.settings.oauthServer.authorizationUrlPath),
  );
  consentPage.searchParams.set('authorization_id', authorization.authorization_id);
  return c.redirect(consentPage.toString(), 302);
}
