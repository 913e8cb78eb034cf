import type { AuthenticatorAssuranceLevel, AuthStatus, RequiredAuth } from '@portal/platform';

/** True when `pathname` is the route or below it (`/account`, `/account/sign-in`, not `/accounts`). */
export function routeMatches(route: string, pathname: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

/** The pages the shell renders itself (chrome/PortalApp.tsx); every other path is a remote's, or unknown. */
export function isShellPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/status';
}

export type AuthCheck = 'allowed' | 'waiting' | 'needs-session' | 'needs-second-factor';

/** Whether the current session may open a route that needs `required`. */
export function checkAuth(required: RequiredAuth, status: AuthStatus, aal: AuthenticatorAssuranceLevel | null): AuthCheck {
  if (required === 'none') return 'allowed';
  if (status === 'loading') return 'waiting';
  if (status !== 'signed-in') return 'needs-session';
  if (required === 'aal2' && aal !== 'aal2') return 'needs-second-factor';
  return 'allowed';
}

/** A `next` target is only followed when it stays inside the portal (no `//evil.example`). */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}
