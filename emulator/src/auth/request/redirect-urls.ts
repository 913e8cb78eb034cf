// What the service appends to a redirect_to URL when a browser flow ends there: a session in
// the fragment (implicit flow), a code in the query (PKCE), or an error.
import type { AuthError } from '../errors.js';
import type { SessionResponse } from '../sessions/sessions.js';

/** GoTrue's oauthErrorMap: the OAuth `error` for an AuthError's HTTP status. */
export const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GoTrue's prepErrorRedirectURL: error, error_code, error_description in the fragment (and query for PKCE). */
export function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const params: Record<string, string> = {};
  const oauth = OAUTH_ERROR[error.status];
  if (oauth) params.error = oauth;
  params.error_code = error.code;
  params.error_description = error.message;
  const url = new URL(redirectTo);
  url.search = '';
  if (pkce) url.search = new URLSearchParams(params).toString();
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

export function withFragment(redirectTo: string, params: Record<string, string>): string {
  const url = new URL(redirectTo);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

export function withQuery(redirectTo: string, params: Record<string, string>): string {
  const url = new URL(redirectTo);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The implicit flow's answer: the session in the fragment with any `extra` (type,
 * provider_token), keys in alphabetical order as Go's url.Values.Encode writes them.
 */
export function withSessionFragment(
  redirectTo: string,
  session: SessionResponse,
  extra: Record<string, string> = {},
): string {
  const params: Record<string, string> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    ...extra,
  };
  return withFragment(
    redirectTo,
    Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  );
}
