// Discovery documents of the OAuth 2.1 server: RFC 8414's /.well-known/oauth-authorization-server
// (GoTrue's OAuthServerMetadata) and OpenID Connect's /.well-known/openid-configuration, both
// below /auth/v1 with the issuer `<api>/auth/v1`; the registration endpoint only while dynamic
// registration is allowed.
import type { AuthContext } from '../../context.js';
import { json, type AuthRequest } from '../../request/http.js';
import { SUPPORTED_SCOPES } from '../../oauth-server/scopes.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';

function authorizationServerMetadata(ctx: AuthContext): Record<string, unknown> {
  const issuer = ctx.settings.issuer.replace(/\/+$/, '');
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    ...(ctx.settings.oauthServer.allowDynamicRegistration
      ? { registration_endpoint: `${issuer}/oauth/clients/register` }
      : {}),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
    scopes_supported: [...SUPPORTED_SCOPES],
  };
}

/** The algorithm ID tokens are signed with: the current signing key's, else the project secret's HS256. */
function idTokenAlgorithm(ctx: AuthContext): string {
  const signing = ctx.keys.publicJwks[0];
  return typeof signing?.alg === 'string' ? signing.alg : 'HS256';
}

/** GET /.well-known/oauth-authorization-server */
export async function oauthAuthorizationServerMetadata(
  c: AuthRequest,
  ctx: AuthContext,
): Promise<Response> {
  requireOAuthServer(ctx);
  return json(c, authorizationServerMetadata(ctx));
}

/** GET /.well-known/openid-configuration */
export async function openIdConfiguration(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const metadata = authorizationServerMetadata(ctx);
  return json(c, {
    ...metadata,
    userinfo_endpoint: `${String(metadata.issuer)}/oauth/userinfo`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [idTokenAlgorithm(ctx)],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'email',
      'email_verified',
      'phone',
      'phone_verified',
      'name',
      'picture',
      'preferred_username',
      'updated_at',
    ],
  });
}
