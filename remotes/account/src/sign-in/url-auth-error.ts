/**
 * GoTrue sends a person back from an email link or an OAuth provider with `error`,
 * `error_code` and `error_description` in the fragment (and in the query for PKCE), e.g.
 * `#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`.
 */
export interface UrlAuthError {
  code: string;
  message: string;
}

const LINK_PROBLEMS: Record<string, string> = {
  otp_expired: 'This link has expired or was already used. Links work once, for one hour: ask for a new one.',
  flow_state_not_found: 'This link was opened in a different browser from the one that asked for it. Ask for a new one here.',
  flow_state_expired: 'This sign-in took too long. Start again.',
  access_denied: 'The sign-in was cancelled at the provider.',
  identity_already_exists: 'That identity is already linked to another account.',
};

export function urlAuthError(search: string, hash: string): UrlAuthError | null {
  for (const part of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(part);
    const code = params.get('error_code') ?? params.get('error');
    if (!code) continue;
    const description = params.get('error_description') ?? '';
    const message = LINK_PROBLEMS[code] ?? LINK_PROBLEMS[params.get('error') ?? ''] ?? (description || 'The link could not be used.');
    return { code, message };
  }
  return null;
}

/** The current path without the error parameters, once they have been shown. */
export function withoutUrlAuthError(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['error', 'error_code', 'error_description']) params.delete(key);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
