// POST /oauth/token — the OAuth 2.1 token endpoint (GoTrue's OAuthToken), JSON or form-encoded:
// the client authenticates (client_secret_basic, client_secret_post, or only its id when public),
// then `authorization_code` (one-time code, same client, same redirect_uri if sent, PKCE verifier)
// starts a session owned by the client, with an OIDC id_token when `openid` was granted; and
// `refresh_token` rotates a refresh token of one of the client's sessions (any other is
// `invalid_client`, as GoTrue's token service answers). Every refusal is
// RFC 6749's `{ error, error_description }`; the shared refresh rules' 400 refusals are mapped
// to `invalid_grant` / `invalid_request` as GoTrue's oauthTokenError does.
import type { AuthContext } from '../../context.js';
import { clientInfo } from '../../context.js';
import { AuthError, OAuthError } from '../../errors.js';
import type { AuthRequest } from '../../request/http.js';
import { json, MAX_BODY_BYTES } from '../../request/http.js';
import { startSession, type SessionResponse } from '../../sessions/sessions.js';
import { findUserById, isBanned } from '../../users/users.js';
import {
  authorizationExpired,
  pkceProblem,
  scopesOf,
  takeAuthorizationByCode,
} from '../../oauth-server/authorizations.js';
import {
  authenticateClient,
  clientCredentials,
  type AuthenticatedClient,
} from '../../oauth-server/client-authentication.js';
import { signIdToken } from '../../oauth-server/user-claims.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';
import { refreshGrant } from '../tokens/refresh.js';

type TokenParams = Record<string, string>;

/** The body's string fields, from JSON or from a form. */
async function tokenParams(c: AuthRequest): Promise<TokenParams> {
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new OAuthError('invalid_request', 'Request body too large');
  if (!(c.req.header('content-type') ?? '').includes('application/json')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'Invalid JSON body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Invalid JSON body');
  }
  const params: TokenParams = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new OAuthError('invalid_request', 'Invalid JSON body');
    params[name] = value;
  }
  return params;
}

/** Only the token fields: an OAuth client gets no user object. */
function tokenAnswer(session: SessionResponse, idToken: string | null): Record<string, unknown> {
  return {
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    ...(idToken ? { id_token: idToken } : {}),
  };
}

async function authorizationCodeGrant(
  c: AuthRequest,
  ctx: AuthContext,
  client: AuthenticatedClient,
  params: TokenParams,
): Promise<Response> {
  const code = params.code ?? '';
  if (!code)
    throw new OAuthError('invalid_request', 'code is required for authorization_code grant');
  const grant = await ctx.db.transaction(async (tx) => {
    // Taken (deleted) inside the transaction, so of two exchanges only one finds it; a refused
    // exchange rolls back and leaves the code to its owner until it expires, as GoTrue's does.
    const authorization = await takeAuthorizationByCode(tx, code);
    if (!authorization) throw new OAuthError('invalid_grant', 'Invalid authorization code');
    if (authorizationExpired(authorization))
      throw new OAuthError('invalid_grant', 'Authorization code has expired');
    if (authorization.client_id !== client.id) {
      throw new OAuthError('invalid_grant', 'Authorization code was not issued for this client');
    }
    if (params.resource && params.resource !== (authorization.resource ?? '')) {
      throw new OAuthError(
        'invalid_grant',
        'Authorization code resource does not match the resource parameter',
      );
    }
    if (params.redirect_uri && params.redirect_uri !== authorization.redirect_uri) {
      throw new OAuthError('invalid_grant', 'Invalid redirect_uri');
    }
    const pkce = pkceProblem(authorization, params.code_verifier ?? '');
    if (pkce) throw new OAuthError('invalid_grant', `PKCE verification failed: ${pkce}`);
    const user = authorization.user_id ? await findUserById(tx, authorization.user_id) : null;
    if (!user) throw new OAuthError('invalid_grant', 'User not found for authorization code');
    if (isBanned(user)) throw new OAuthError('access_denied', 'User is banned');
    const session = await startSession(
      tx,
      ctx,
      user,
      'oauth_provider/authorization_code',
      clientInfo(c),
      {
        clientId: client.id,
        scopes: authorization.scope,
      },
    );
    return { session, user, authorization };
  });
  const scopes = scopesOf(grant.authorization);
  const idToken = scopes.includes('openid')
    ? await signIdToken(ctx.keys, ctx.settings, grant.user, {
        clientId: client.id,
        scopes,
        nonce: grant.authorization.nonce,
      })
    : null;
  return json(c, tokenAnswer(grant.session, idToken));
}

/** GoTrue's grantErrorCodes: the refusals that mean the grant itself is dead. */
const DEAD_GRANT_CODES = new Set([
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_not_found',
  'session_expired',
  'user_banned',
]);

async function refreshTokenGrant(
  c: AuthRequest,
  ctx: AuthContext,
  client: AuthenticatedClient,
  params: TokenParams,
): Promise<Response> {
  const refreshToken = params.refresh_token ?? '';
  if (!refreshToken)
    throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant');
  // The shared grant refuses a session another client (or no client) started: invalid_client.
  try {
    return json(c, tokenAnswer(await refreshGrant(ctx.db, ctx, refreshToken, client.id), null));
  } catch (error) {
    if (!(error instanceof AuthError) || error.status !== 400) throw error;
    throw new OAuthError(
      DEAD_GRANT_CODES.has(error.code) ? 'invalid_grant' : 'invalid_request',
      error.message,
    );
  }
}

export async function oauthToken(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const params = await tokenParams(c);
  const grantType = params.grant_type ?? '';
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  const client = await authenticateClient(
    ctx.db,
    clientCredentials(c.req.header('authorization'), params),
  );
  if (!client.grant_types.includes(grantType)) {
    throw new OAuthError(
      'unsupported_grant_type',
      `Client is not allowed to use grant type: ${grantType}`,
    );
  }
  if (grantType === 'authorization_code') return authorizationCodeGrant(c, ctx, client, params);
  if (grantType === 'refresh_token') return refreshTokenGrant(c, ctx, client, params);
  throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
}
