import type { AuthenticatorAssuranceLevel, AuthStatus } from '@portal/platform';

/** The account area's pages, below /account. */
export const ACCOUNT_PAGES = {
  profile: '/account',
  security: '/account/security',
  signIn: '/account/sign-in',
  signUp: '/account/sign-up',
  forgotPassword: '/account/forgot-password',
  resetPassword: '/account/reset-password',
  verify: '/account/verify',
  /** Where invitation mails land (their session comes in the URL's fragment). */
  welcome: '/account/welcome',
  /** The OAuth consent page ([auth.oauth_server] authorization_url_path in supabase/config.toml). */
  oauthConsent: '/account/oauth/consent',
} as const;

/** Pages for people who are not signed in: a signed-in person moves on from them. */
const SIGNED_OUT_PAGES = new Set(['/sign-in', '/sign-up', '/forgot-password']);
/** Pages that need a session. */
const SIGNED_IN_PAGES = new Set(['/', '/security', '/verify', '/oauth/consent']);

export interface AccountRouteState {
  subpath: string;
  status: AuthStatus;
  /** The session's level, and the level it could reach (aal2 when a verified factor exists). */
  aal: AuthenticatorAssuranceLevel | null;
  nextAal: AuthenticatorAssuranceLevel | null;
  next: string | null;
  /** The page's query string, kept when sign-in sends a person back (the consent page's authorization_id). */
  search?: string;
}

/**
 * Where the account area sends a person instead of rendering `subpath`, or null to render it.
 * A signed-in person with a verified factor but an aal1 session goes to the challenge first
 * (GoTrue's nextLevel), as the real product's sign-in does, from every page of the area: the
 * shell does the same for the whole portal (a second factor is a rule of the session), and this
 * keeps the area right under a shell that would not.
 */
export function accountRedirect({ subpath, status, aal, nextAal, next, search = '' }: AccountRouteState): string | null {
  if (status === 'loading') return null;
  const signedIn = status === 'signed-in';
  if (!signedIn && SIGNED_IN_PAGES.has(subpath)) {
    const back = subpath === '/' || subpath === '/verify' ? next : `/account${subpath}${search}`;
    return withNext(ACCOUNT_PAGES.signIn, back);
  }
  const awaitsSecondFactor = signedIn && aal !== 'aal2' && nextAal === 'aal2';
  if (signedIn && SIGNED_OUT_PAGES.has(subpath)) {
    return awaitsSecondFactor ? withNext(ACCOUNT_PAGES.verify, next) : (next ?? ACCOUNT_PAGES.profile);
  }
  if (awaitsSecondFactor && subpath !== '/verify') {
    return withNext(ACCOUNT_PAGES.verify, `${subpath === '/' ? ACCOUNT_PAGES.profile : `/account${subpath}`}${search}`);
  }
  return null;
}

/** The `next` query parameter, followed only when it stays inside the portal. */
export function nextPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/** Carries `next` on to another account page (sign-in ↔ sign-up, sign-in → verify). */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** An absolute URL back into the portal, for email links and OAuth redirects. */
export function portalUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
