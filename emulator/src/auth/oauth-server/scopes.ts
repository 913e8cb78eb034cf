// The scopes GoTrue's OAuth 2.1 server knows (models.IsSupportedScope): a request names them
// space-separated; a stored consent covers a request when it holds every scope asked for.

export const SUPPORTED_SCOPES = ['openid', 'email', 'profile', 'phone'] as const;

/** GoTrue's OAuthServer.DefaultScope, used when an authorization request names none. */
export const DEFAULT_SCOPE = 'email';

/** Space-separated scopes, blanks and duplicates dropped, in the order given. */
export function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(/\s+/).filter(Boolean))];
}

/** Why `scope` cannot be requested, in GoTrue's words, or null when every scope is supported. */
export function scopeProblem(scope: string): string | null {
  const scopes = parseScopes(scope);
  if (scopes.length === 0) return 'scope parameter cannot be empty';
  const unsupported = scopes.find(
    (name) => !(SUPPORTED_SCOPES as readonly string[]).includes(name),
  );
  return unsupported ? `unsupported scope: ${unsupported}` : null;
}

export function coversScopes(granted: string, requested: string): boolean {
  const held = new Set(parseScopes(granted));
  return parseScopes(requested).every((scope) => held.has(scope));
}
