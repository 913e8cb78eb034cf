// The refresh_token grant with GoTrue's rotation rules
// (docs/compatibility.md#auth-refresh-token-rotation): each refresh revokes the presented token and
// issues a child; a revoked token that is the parent of the session's active token gets that active
// token back; otherwise it is accepted only within the reuse interval (counted from its rotation,
// the only time `updated_at` changes), after which the session is revoked with every token of its
// family (`refresh_token_already_used`). A session an OAuth client started is refreshed only by
// that client, authenticated at /oauth/token, and a client refreshes only its own sessions, as
// GoTrue's token service checks (docs/compatibility.md#auth-oauth-server).
import type { Database } from '../../../db/database.js';
import { AuthError, fail, OAuthError } from '../../errors.js';
import {
  findSession,
  insertRefreshToken,
  sessionResponse,
  type Issuer,
  type SessionResponse,
} from '../../sessions/sessions.js';
import { findUserById, isBanned } from '../../users/users.js';

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
  user_id: string;
}

/**
 * GoTrue's check of the session's OAuth client against the one the request authenticated (null
 * at `/token`, which takes no client): 400 `invalid_client` with GoTrue's words when they differ.
 */
function requireSameOAuthClient(sessionClientId: string | null, requestClientId: string | null): void {
  if (sessionClientId) {
    if (!requestClientId)
      throw new OAuthError('invalid_client', 'Client authentication required for OAuth session');
    if (requestClientId !== sessionClientId)
      throw new OAuthError('invalid_client', "Client does not match the session's OAuth client");
  } else if (requestClientId) {
    throw new OAuthError('invalid_client', 'Client authentication not allowed for non-OAuth session');
  }
}

export async function refreshGrant(
  db: Database,
  issuer: Issuer,
  refreshToken: string | undefined,
  /** The OAuth client the request authenticated (`/oauth/token`); null at `/token`. */
  clientId: string | null = null,
): Promise<SessionResponse> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  // Revoking a family must commit even though the request fails, so the failure is
  // carried out of the transaction and thrown after it.
  let deferred: AuthError | null = null;
  const response = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select id::text, token, coalesce(revoked, false) as revoked, updated_at, parent, session_id, user_id
       from auth.refresh_tokens where token = $1 for update`,
      [refreshToken],
    );
    const token = rows[0];
    if (!token) fail('refresh_token_not_found');
    const user = await findUserById(tx, token.user_id);
    if (!user) fail('refresh_token_not_found');
    if (isBanned(user)) fail('user_banned', 'Invalid Refresh Token: User Banned');
    const session = token.session_id ? await findSession(tx, token.session_id, true) : null;
    if (!session) {
      await tx.query('delete from auth.refresh_tokens where id = $1', [token.id]);
      deferred = new AuthError(
        'session_not_found',
        'Invalid Refresh Token: No Valid Session Found',
        { status: 400 },
      );
      return null;
    }
    if (session.not_after && new Date(session.not_after).getTime() < Date.now())
      fail('session_expired');
    requireSameOAuthClient(session.oauth_client_id, clientId);

    let issued: string | null = null;
    if (token.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false)
         order by id desc limit 1`,
        [session.id],
      );
      const current = active.rows[0];
      if (current && current.parent === token.token) {
        // The client lost the answer to its last refresh: hand back the same active token.
        issued = current.token;
      } else {
        const reuseUntil =
          new Date(token.updated_at).getTime() + issuer.settings.reuseIntervalSeconds * 1000;
        if (Date.now() > reuseUntil) {
          if (issuer.settings.rotation) {
            // A stolen token was replayed: revoke the whole session, so neither the active
            // token nor a recently rotated one (still inside its reuse window) can carry it on.
            // Its refresh tokens go with it; its access tokens no longer find their session.
            await tx.query('delete from auth.sessions where id = $1', [session.id]);
          }
          deferred = new AuthError('refresh_token_already_used');
          return null;
        }
      }
    }
    if (!issued) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
        [token.id],
      );
      issued = await insertRefreshToken(tx, user.id, session.id, token.token);
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
      [session.id],
    );
    return sessionResponse(tx, issuer, user, session.id, issued);
  });
  if (deferred) throw deferred;
  return response!;
}
