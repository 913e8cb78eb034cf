/** What each scope of the project's OAuth 2.1 server lets an app see, in words for a person. */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Confirm who you are (your account ID)',
  email: 'See your email address',
  profile: 'See your name, picture and profile details',
  phone: 'See your phone number',
};

/** One line per requested scope; a scope this page does not know is named as it is. */
export function describeScopes(scopes: readonly string[]): string[] {
  return scopes.map((scope) => SCOPE_WORDS[scope] ?? `Access "${scope}"`);
}

export function splitScope(scope: string): string[] {
  return scope.split(/\s+/).filter(Boolean);
}
