// Who is in the portal right now, among the people this person shares a project with. The shell
// tracks each tab ONCE (the route it is on, followed on navigation) on the person's own private
// channel `presence:<user id>`; every remote reads the same store (`usePresence()`), so no remote
// opens presence of its own.
//
// Identity is the topic, never the payload: Postgres lets only <user id> track on
// `presence:<user id>`, and only that person and people sharing a project with them join it
// (supabase/migrations/20250111000000_presence_by_person.sql). Realtime forwards a tracked payload
// as the client sent it, so a payload's claims (a user id, a name) are ignored: names and pictures
// come from `profiles`, read under RLS. See docs/architecture.md#presence.
import { createExternalStore } from './external-store.js';
import type { PresencePeople, PresenceProfile } from './presence-people.js';
import type { ChannelLease, ChannelRegistry, ChannelStatus } from './realtime.js';

/** What every person's presence topic starts with; the rest is their user id. */
export const PRESENCE_TOPIC_PREFIX = 'presence:';

/** The private channel a person's tabs are tracked on. */
export function presenceTopic(userId: string): string {
  return `${PRESENCE_TOPIC_PREFIX}${userId}`;
}

/** What one tab tracks: where it is, since when. Who it is, is the topic. */
export interface TrackedTab {
  route: string;
  /** ISO time the tab started tracking. */
  since: string;
}

/** This tab: the signed-in person (the session's user id) and what it tracks. */
export interface PresenceMeta {
  userId: string;
  name: string;
  avatarUrl: string | null;
  route: string;
  /** ISO time the tab started tracking. */
  since: string;
}

/** One person, with every tab they have open (one route per tab). */
export interface PresentPerson {
  /** The user id Postgres authorised the tabs' topic for. */
  userId: string;
  /** From their profile (never from what their client sent). */
  name: string;
  avatarUrl: string | null;
  routes: string[];
  since: string;
}

export type PresenceStatus = 'off' | 'joining' | 'live' | 'unavailable';

export interface PresenceSnapshot {
  status: PresenceStatus;
  /** This tab (null when signed out). */
  me: PresenceMeta | null;
  /** Everyone present who shares a project with this person, this person included, by name. */
  people: readonly PresentPerson[];
}

/** Who the shell starts tracking: the session's user, and a name to show until the profile is read. */
export interface PresenceIdentity {
  userId: string;
  name: string;
  avatarUrl: string | null;
}

export interface PresenceStore {
  getSnapshot(): PresenceSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts tracking this person (again, if another person was tracked before). */
  start(identity: PresenceIdentity, route: string): void;
  /** The tab moved: tracked again with the new route. */
  setRoute(route: string): void;
  /** Stops tracking (sign-out) and leaves every channel. */
  stop(): Promise<void>;
}

const OFF: PresenceSnapshot = { status: 'off', me: null, people: [] };
/** A person whose profile has no display name (their email is theirs to show, not ours). */
export const UNNAMED = 'Someone';

/**
 * Tabs come from other people's clients, which may send anything: a route is kept only when it
 * is a path in the portal (remotes show routes as links; `javascript:…` or `//elsewhere` is
 * dropped), a start time only when it reads as a time. Any other field is ignored.
 */
const isPortalPath = (route: unknown): route is string => typeof route === 'string' && /^\/(?![/\\])/.test(route);
const isTime = (since: unknown): since is string => typeof since === 'string' && !Number.isNaN(Date.parse(since));
const webAddress = (url: unknown): string | null => (typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null);

/** The tabs of one person's topic (realtime-js `presenceState()`: key → metas): their routes and first start. */
export function tabsFrom(state: Record<string, readonly unknown[]>): { routes: string[]; since: string | null } | null {
  let tabs = 0;
  const routes: string[] = [];
  let since: string | null = null;
  for (const metas of Object.values(state)) {
    for (const meta of metas) {
      tabs += 1;
      const { route, since: started } = (meta ?? {}) as Partial<Record<string, unknown>>;
      if (isPortalPath(route) && !routes.includes(route)) routes.push(route);
      if (isTime(started) && (since === null || started < since)) since = started;
    }
  }
  return tabs === 0 ? null : { routes, since };
}

/** One channel this tab holds: the person's own (tracked) or a co-member's (watched). */
interface Watch {
  lease: ChannelLease;
  tabs: ReturnType<typeof tabsFrom>;
}

export function createPresence(registry: ChannelRegistry, people: PresencePeople, now: () => Date = () => new Date()): PresenceStore {
  const store = createExternalStore<PresenceSnapshot>(OFF);
  /** Per user id (the topic's, never a payload's): the channel and what it last said. */
  const watches = new Map<string, Watch>();
  let profiles = new Map<string, PresenceProfile>();
  let own: ChannelLease | null = null;
  let joined = false;
  /** Counts tracks: only the latest one's answer says whether presence works. */
  let tracks = 0;
  /** Counts starts and stops: answers (profile reads) of an earlier one are dropped. */
  let generation = 0;
  let stopFollowing: (() => void) | null = null;
  /** The profile read under way (of this start only: a stop forgets it), and whether to read once more after it. */
  let reading: Promise<void> | null = null;
  let readAgain = false;

  const listed = (): PresentPerson[] => {
    const me = store.get().me;
    const list: PresentPerson[] = [];
    for (const [userId, { tabs }] of watches) {
      if (!tabs) continue;
      const profile = profiles.get(userId);
      const fallback = userId === me?.userId ? me.name : UNNAMED;
      list.push({
        userId,
        name: profile?.name || fallback,
        avatarUrl: webAddress(profile?.avatarUrl ?? (userId === me?.userId ? me.avatarUrl : null)),
        routes: tabs.routes,
        since: tabs.since ?? '',
      });
    }
    return list.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  };
  const publish = () => store.update((s) => ({ ...s, people: listed() }));

  const track = () => {
    const { me } = store.get();
    if (own && joined && me) {
      const held = own;
      const mine = ++tracks;
      const tab: TrackedTab = { route: me.route, since: me.since };
      void held.channel.track({ ...tab }).then((result) => {
        // A track sent before a rejoin (or a route change) times out after the newer one was
        // taken: that is older news, and the channel's own status speaks while it is not joined.
        if (own !== held || mine !== tracks || !joined) return;
        store.update((s) => ({ ...s, status: result === 'ok' ? 'live' : 'unavailable' }));
      });
    }
  };

  /** Holds a channel on `userId`'s topic and lists what it says, keyed by that user id. */
  function watch(userId: string, tracked: boolean): ChannelLease {
    const lease = registry.channel(presenceTopic(userId), { config: { private: true } });
    const entry: Watch = { lease, tabs: null };
    watches.set(userId, entry);
    if (tracked) own = lease;
    lease.on('presence', { event: 'sync' }, () => {
      if (watches.get(userId) !== entry) return;
      entry.tabs = tabsFrom(lease.channel.presenceState() as Record<string, unknown[]>);
      publish();
    });
    lease.subscribe((status: ChannelStatus) => {
      if (watches.get(userId) !== entry) return;
      // Refused or gone: whatever the channel said before is no longer known to be true.
      if (status !== 'SUBSCRIBED' && entry.tabs) {
        entry.tabs = null;
        publish();
      }
      if (tracked) onOwnStatus(lease, status);
    });
    return lease;
  }

  function onOwnStatus(lease: ChannelLease, status: ChannelStatus): void {
    if (own !== lease) return;
    joined = status === 'SUBSCRIBED';
    store.update((s) => ({ ...s, status: joined ? 'live' : status === 'CLOSED' ? 'joining' : 'unavailable' }));
    // Every (re)join tracks again: after a reconnect the server has forgotten this tab.
    if (joined) track();
  }

  /** Reads whom this person may see, and holds a channel on each of them (and no one else). */
  function refreshPeople(): void {
    if (reading) {
      readAgain = true;
      return;
    }
    const mine = generation;
    const read: Promise<void> = people
      .read()
      .then(
        (read) => {
          if (mine !== generation) return;
          const me = store.get().me;
          if (!me) return;
          profiles = new Map(read.map((p) => [p.userId, p]));
          const ownProfile = profiles.get(me.userId);
          if (ownProfile) store.update((s) => ({ ...s, me: s.me && { ...s.me, name: ownProfile.name || s.me.name, avatarUrl: ownProfile.avatarUrl } }));
          for (const [userId, { lease }] of [...watches]) {
            if (userId === me.userId || profiles.has(userId)) continue;
            watches.delete(userId);
            void lease.release();
          }
          for (const userId of profiles.keys()) if (!watches.has(userId)) watch(userId, false);
          publish();
        },
        (error: unknown) => {
          if (mine !== generation) return;
          // The channels held so far stay: the people were allowed a moment ago and Realtime
          // still checks every join.
          console.warn(`Presence: could not read whom you share a project with (${error instanceof Error ? error.message : String(error)}).`);
        },
      )
      .finally(() => {
        if (reading !== read) return;
        reading = null;
        if (readAgain) {
          readAgain = false;
          refreshPeople();
        }
      });
    reading = read;
  }

  async function stop(): Promise<void> {
    generation += 1;
    stopFollowing?.();
    stopFollowing = null;
    reading = null;
    readAgain = false;
    const leases = [...watches.values()].map((w) => w.lease);
    watches.clear();
    profiles = new Map();
    own = null;
    joined = false;
    store.set(OFF);
    await Promise.all(leases.map((lease) => lease.release()));
  }

  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    start(identity, route) {
      const current = store.get().me;
      if (own && current?.userId === identity.userId) {
        const profile = profiles.get(identity.userId);
        store.update((s) => ({ ...s, me: { ...current, name: profile?.name || identity.name, route } }));
        track();
        return;
      }
      void stop();
      const mine = generation;
      store.set({ status: 'joining', me: { ...identity, route, since: now().toISOString() }, people: [] });
      watch(identity.userId, true);
      const following = people.follow(() => {
        if (mine === generation) refreshPeople();
      });
      stopFollowing = following;
      refreshPeople();
    },
    setRoute(route) {
      const { me } = store.get();
      if (!me || me.route === route) return;
      store.update((s) => ({ ...s, me: { ...me, route } }));
      track();
    },
    stop,
  };
}
