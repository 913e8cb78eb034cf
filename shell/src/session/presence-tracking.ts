// The shell tracks this tab's presence once, for every remote: on the signed-in person's own
// presence topic (who they are is the topic, authorised by Postgres from their JWT), the route the
// tab is on, followed on every navigation. Remotes only read it (`usePresence()`); the names and
// pictures they show come from `profiles`, read by the presence store.
import type { Portal } from '@portal/platform';
import { awaitsSecondFactor } from '../lifecycle/routes.js';
import { whenIdle } from '../start-up/when-idle.js';

/** How long the start waits for an idle moment at most. */
const START_LIMIT_MS = 1_000;

/** Starts following the session and the location; returns the function that stops. */
export function trackPresence(portal: Portal): () => void {
  const { presence, session } = portal;
  let trackedUser: string | null = null;
  let generation = 0;

  const onSession = () => {
    const snapshot = session.getSnapshot();
    const { status, user } = snapshot;
    // Not before the second factor a person has was used: until then they are not in the portal.
    const userId = status === 'signed-in' && !awaitsSecondFactor(snapshot) ? (user?.id ?? null) : null;
    if (userId === trackedUser) return;
    const previous = trackedUser;
    trackedUser = userId;
    const mine = ++generation;
    // The previous person leaves at once: this tab must not go on telling anyone they are here.
    if (previous) void presence.stop();
    // Not from inside the auth callback that fed the store: auth-js holds its lock while it runs,
    // and the store's first profile read goes through auth-js for the access token. In an idle
    // task of its own: the join, the profile read and the re-render of what shows presence took
    // 50–100 ms of a phone's CPU, which a timer ran beside the chrome's own work after the first
    // paint (issue #40).
    if (userId)
      whenIdle(() => {
        if (mine !== generation) return;
        // Until the profile is read, this person sees their own email (never shown to others).
        presence.start({ userId, name: user?.email ?? user?.phone ?? 'You', avatarUrl: null }, window.location.pathname);
      }, START_LIMIT_MS);
  };
  const onLocation = () => presence.setRoute(window.location.pathname);

  const unsubscribe = session.subscribe(onSession);
  window.addEventListener('popstate', onLocation);
  onSession();
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onLocation);
    void presence.stop();
  };
}
