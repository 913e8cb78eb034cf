// GET /oauth/userinfo — OpenID Connect's UserInfo (GoTrue's OAuthUserInfo): the claims the
// session's granted scopes allow; a session no OAuth client started has no scopes, so only `sub`.
import type { AuthContext } from '../../context.js';
import { authenticate } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { parseScopes } from '../../oauth-server/scopes.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';
import { userClaims } from '../../oauth-server/user-claims.js';

export async function oauthUserInfo(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  const { user, session } = await authenticate(c, ctx.db, ctx.keys);
  let scopes: string[] = [];
  if (session) {
    const { rows } = await ctx.db.query<{ scopes: string | null }>(
      'select scopes from auth.sessions where id = $1',
      [session.id],
    );
    scopes = parseScopes(rows[0]?.scopes ?? '');
  }
  return json(c, userClaims(user, scopes));
}
