// `[auth.oauth_server] enabled`: every OAuth 2.1 server endpoint (admin and public) answers
// GoTrue's 404 feature_disabled "OAuth server is disabled" while it is off.
import type { AuthContext } from '../context.js';
import { fail } from '../errors.js';

export function requireOAuthServer(ctx: AuthContext): void {
  if (!ctx.settings.oauthServerEnabled) fail('feature_disabled', 'OAuth server is disabled');
}
