import type { RequiredAuth, SessionSnapshot } from '@portal/platform';

/** True when `pathname` is the route or below it (`/account`, `/account/sign-in`, not `/accounts`). */
export function routeMatches(route: string, pathname: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

/** The pages the shell renders itself (chrome/PortalApp.tsx); every other path is a remote's, or unknown. */
export function isShellPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/status';
}

export type AuthCheck = 'allowed' | 'waiting' | 'needs-session' | 'needs-second-factor';

/** What the gate reads of the platform's session snapshot. */
export type SessionLevel = Pick<SessionSnapshot, 'status' | 'aal' | 'nextAal'>;

/**
 * A signed-in session whose person has a verified second factor this session has not used:
 * auth-js's `getAuthenticatorAssuranceLevel()` would answer currentLevel aal1, nextLevel aal2.
 */
export function awaitsSecondFactor({ status, aal, nextAal }: SessionLevel): boolean {
  return status === 'signed-in' && aal !== 'aal2' && nextAal === 'aal2';
}

/**
 * Whether the current session may open a route that needs `required`. A session that awaits its
 * second factor opens nothing but the second-factor page (`onSecondFactorPage`), whatever the
 * route's registry entry asks: the rule is the person's, not the route's (second-factor.ts).
 */
export function checkAuth(required: RequiredAuth, session: SessionLevel, onSecondFactorPage = false): AuthCheck {
  if (awaitsSecondFactor(session) && !onSecondFactorPage) return 'needs-second-factor';
  if (required === 'none') return 'allowed';
  if (session.status === 'loading') return 'waiting';
  if (session.status !== 'signed-in') return 'needs-session';
  if (required === 'aal2' && session.aal !== 'aal2') return 'needs-second-factor';
  return 'allowed';
}

/** A `next` target is only followed when it stays inside the portal (no `//evil.example`). */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}
