import type { Portal } from '@portal/platform';
import { routeMatches } from '../lifecycle/routes.js';

/**
 * When the session ends while a route that needs one is open — revoked on the server (the next
 * refresh is refused and auth-js signs this page out), or signed out in another tab (auth-js tells
 * every tab) — sends the person to sign in, to come back to the route they were on. The remotes on
 * that route are unmounted by single-spa at the same moment (their route needs the session).
 */
export function followSessionEnd(portal: Portal, signInPath: string): () => void {
  let signedIn = portal.session.getSnapshot().status === 'signed-in';
  return portal.session.subscribe(() => {
    const { status } = portal.session.getSnapshot();
    const ended = signedIn && status === 'signed-out';
    signedIn = status === 'signed-in';
    if (!ended) return;
    const { pathname, search } = window.location;
    const remote = portal.remotes.get().find((r) => routeMatches(r.route, pathname));
    if (!remote || remote.auth === 'none') return;
    portal.navigate(`${signInPath}?next=${encodeURIComponent(pathname + search)}`, { replace: true });
  });
}
