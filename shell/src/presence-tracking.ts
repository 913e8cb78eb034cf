// The shell tracks this tab's presence once, for every remote: who (user id, display name and
// avatar from `profiles`) and where (the route, followed on every navigation). Remotes only read
// it (`usePresence()`).
import { describeError, type Portal } from '@portal/platform';

/** Starts following the session and the location; returns the function that stops. */
export function trackPresence(portal: Portal): () => void {
  const { presence, session, supabase } = portal;
  let trackedUser: string | null = null;
  let generation = 0;

  async function startFor(mine: number, userId: string, fallbackName: string): Promise<void> {
    if (mine !== generation) return;
    const { data, error } = await supabase.from('profiles').select('display_name, avatar_url').eq('id', userId).maybeSingle();
    if (mine !== generation) return;
    if (error) console.warn(`Presence: the profile could not be read (${describeError(error)}); showing the email instead.`);
    presence.start(
      { userId, name: data?.display_name || fallbackName, avatarUrl: data?.avatar_url ?? null },
      window.location.pathname,
    );
  }

  const onSession = () => {
    const { status, user } = session.getSnapshot();
    const userId = status === 'signed-in' ? (user?.id ?? null) : null;
    if (userId === trackedUser) return;
    const previous = trackedUser;
    trackedUser = userId;
    const mine = ++generation;
    // The previous person leaves at once: while the next one's profile is read, this tab must not
    // go on telling everyone they are here.
    if (previous) void presence.stop();
    // Not from inside the auth callback that fed the store: auth-js holds its lock while it runs.
    if (userId) setTimeout(() => void startFor(mine, userId, user?.email ?? user?.phone ?? 'Someone'), 0);
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
