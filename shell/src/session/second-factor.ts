// The second factor is a rule of the session, not of a route: a person who has a verified factor
// and signed in without using it (a password, a magic link, an email confirmation link: aal1)
// reaches the second-factor page and nothing else until the code is entered. Whatever route is
// asked, the shell shows that page instead, mounts no other remote, starts no background and no
// presence, and sends the person on to the route first asked once the session is aal2
// (docs/known-traps.md#a-second-factor-is-a-rule-of-the-session). The database refuses such a
// session everything too; this is what the page shows for it.
import type { Portal } from '@portal/platform';
import { awaitsSecondFactor, safeNextPath } from '../lifecycle/routes.js';

export interface SecondFactorPaths {
  /** The account remote's sign-in page (config.json `signInPath`). */
  signInPath: string;
  /** The second-factor page (config.json `secondFactorPath`). */
  secondFactorPath: string;
}

/**
 * The second-factor page, with `next` the route the person asked for: the location itself, or,
 * on the sign-in page (the session began there), the route the sign-in page was to go on to.
 */
export function secondFactorTarget({ pathname, search }: { pathname: string; search: string }, paths: SecondFactorPaths): string {
  const asked = pathname === paths.signInPath ? new URLSearchParams(search).get('next') : pathname + search;
  const next = safeNextPath(asked, '');
  return next ? `${paths.secondFactorPath}?next=${encodeURIComponent(next)}` : paths.secondFactorPath;
}

/**
 * Sends a session that awaits its second factor to the second-factor page, from wherever it is
 * and wherever it goes (a link, the address bar, back and forward), in place of the location (the
 * route asked for is kept in `next`). Returns the function that stops following.
 */
export function followSecondFactor(portal: Portal, paths: SecondFactorPaths): () => void {
  const check = () => {
    if (!awaitsSecondFactor(portal.session.getSnapshot())) return;
    const { pathname, search } = window.location;
    if (pathname === paths.secondFactorPath) return;
    portal.navigate(secondFactorTarget({ pathname, search }, paths), { replace: true });
  };
  // After the event that brought the location or session, not inside it: single-spa and the
  // session store's other listeners finish first (nothing mounts meanwhile: checkAuth refuses).
  const later = () => queueMicrotask(check);
  const unsubscribe = portal.session.subscribe(later);
  window.addEventListener('popstate', later);
  check();
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', later);
  };
}
