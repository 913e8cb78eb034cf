/**
 * The auth server's answers to the refresh grant that mean the session itself is gone (GoTrue's
 * codes): signed out everywhere by an administrator or by a password change on another device,
 * its refresh token replayed out of the reuse interval, or the person banned or deleted. A rate
 * limit (429) or a server fault (5xx) is none of these: the session may still be good.
 */
const SESSION_GONE: ReadonlySet<string> = new Set([
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_not_found',
  'session_expired',
  'user_banned',
  'user_not_found',
]);

/**
 * Wraps the client's `fetch` so the shell hears when the auth server refuses a refresh because
 * the session is gone. auth-js (since 2.107) keeps a session whose refresh was refused for as long
 * as its access token has not expired, so on its own a page would notice a revoked session only a
 * whole token lifetime later (docs/known-traps.md#a-refused-refresh-does-not-sign-out);
 * `onRefused` gets the refused refresh token at once.
 */
export function watchRefreshRefusals(fetch: typeof globalThis.fetch, onRefused: (refreshToken: string) => void): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok || response.status >= 500 || response.status === 429 || !isRefreshGrant(input, init)) return response;
    const refreshToken = refreshTokenOf(init?.body);
    // Read from a copy: auth-js reads the answer itself.
    const code = await errorCodeOf(response.clone());
    if (refreshToken && code && SESSION_GONE.has(code)) onRefused(refreshToken);
    return response;
  };
}

function isRefreshGrant(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return method === 'POST' && url.pathname.endsWith('/auth/v1/token') && url.searchParams.get('grant_type') === 'refresh_token';
}

function refreshTokenOf(body: RequestInit['body']): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { refresh_token?: unknown };
    return typeof parsed.refresh_token === 'string' ? parsed.refresh_token : null;
  } catch {
    return null;
  }
}

/** GoTrue's error code: `{code, message}` from API version 2024-01-01, `{code: <status>, error_code, msg}` before. */
async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { code?: unknown; error_code?: unknown };
    if (typeof body.code === 'string') return body.code;
    return typeof body.error_code === 'string' ? body.error_code : null;
  } catch {
    return null;
  }
}
