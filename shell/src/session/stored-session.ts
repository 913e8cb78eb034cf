// Whether this browser may hold a Supabase session, read before supabase-js has restored one: the
// page's first script and the main script's start use it so that a visitor who cannot be signed in
// does not download the code of a remote they may not open (the sign-in gate shows instead), while
// a returning person's remote is still asked for at once. The session lives in cookies
// (supabase-client.ts): `sb-<ref>-auth-token`, chunked as `.0`, `.1`… above 3180 characters, and a
// sign-in on its way back from a provider keeps `sb-<ref>-auth-token-code-verifier`. Any such
// cookie, of any project ref, counts: a wrong "maybe" only fetches what the page fetched before.
// Small and free of imports: the first script bundles it.

/** A cookie supabase-js' cookie storage writes for a session, or for a sign-in under way (any ref). */
const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;\s]+-auth-token(?:[.-][^=;\s]*)?=/;

/**
 * False only when this browser surely holds no session and no sign-in is completing: no session
 * cookie, and the address carries no auth callback (a PKCE `code` or an implicit flow's token),
 * which supabase-js turns into a session as it starts.
 */
export function mayHoldSession(cookies: string, address: { search: string; hash: string }): boolean {
  if (SESSION_COOKIE.test(cookies)) return true;
  return new URLSearchParams(address.search).has('code') || new URLSearchParams(address.hash.replace(/^#/, '')).has('access_token');
}

/** `mayHoldSession` for this page. */
export function pageMayHoldSession(): boolean {
  return mayHoldSession(document.cookie, location);
}
