// Who is in the portal right now. The shell tracks the signed-in person ONCE per tab (identity and
// the route they are on, updated on navigation) on one private presence channel; every remote
// reads the same store (`usePresence()`), so no remote opens presence of its own.
import { createExternalStore } from './external-store.js';
import type { ChannelLease, ChannelRegistry } from './realtime.js';

/** The private channel the shell tracks presence on (authorised by a policy on realtime.messages). */
export const PRESENCE_TOPIC = 'portal:presence';

/** What one tab tracks. */
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
  userId: string;
  name: string;
  avatarUrl: string | null;
  routes: string[];
  since: string;
}

export type PresenceStatus = 'off' | 'joining' | 'live' | 'unavailable';

export interface PresenceSnapshot {
  status: PresenceStatus;
  /** What this tab tracks (null when signed out). */
  me: PresenceMeta | null;
  /** Everyone present, this person included, by name. */
  people: readonly PresentPerson[];
}

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
  /** Stops tracking (sign-out) and leaves the channel. */
  stop(): Promise<void>;
}

const OFF: PresenceSnapshot = { status: 'off', me: null, people: [] };

function isMeta(value: unknown): value is PresenceMeta {
  const meta = value as Partial<PresenceMeta> | null;
  return typeof meta?.userId === 'string' && typeof meta.name === 'string' && typeof meta.route === 'string';
}

/**
 * Metas come from other people's clients, which may send anything: a route is kept only when it
 * is a path in the portal (remotes show routes as links; `javascript:…` or `//elsewhere` is
 * dropped) and an avatar only when it is an http(s) address.
 */
const isPortalPath = (route: string) => /^\/(?![/\\])/.test(route);
const webAddress = (url: unknown): string | null => (typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null);

/** realtime-js `presenceState()` (key → metas) → one entry per person, sorted by name. */
export function peopleFrom(state: Record<string, readonly unknown[]>): PresentPerson[] {
  const people = new Map<string, PresentPerson>();
  for (const metas of Object.values(state)) {
    for (const meta of metas) {
      if (!isMeta(meta)) continue;
      const person = people.get(meta.userId);
      const routes = isPortalPath(meta.route) ? [meta.route] : [];
      if (!person) {
        people.set(meta.userId, { userId: meta.userId, name: meta.name, avatarUrl: webAddress(meta.avatarUrl), routes, since: meta.since });
      } else {
        for (const route of routes) if (!person.routes.includes(route)) person.routes.push(route);
        if (meta.since < person.since) person.since = meta.since;
      }
    }
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

export function createPresence(registry: ChannelRegistry, now: () => Date = () => new Date()): PresenceStore {
  const store = createExternalStore<PresenceSnapshot>(OFF);
  let lease: ChannelLease | null = null;
  let joined = false;
  /** Counts tracks: only the latest one's answer says whether presence works. */
  let tracks = 0;

  const track = () => {
    const { me } = store.get();
    if (lease && joined && me) {
      const held = lease;
      const mine = ++tracks;
      void held.channel.track({ ...me }).then((result) => {
        // A track sent before a rejoin (or a route change) times out after the newer one was
        // taken: that is older news, and the channel's own status speaks while it is not joined.
        if (lease !== held || mine !== tracks || !joined) return;
        store.update((s) => ({ ...s, status: result === 'ok' ? 'live' : 'unavailable' }));
      });
    }
  };

  async function stop(): Promise<void> {
    const held = lease;
    lease = null;
    joined = false;
    store.set(OFF);
    await held?.release();
  }

  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    start(identity, route) {
      const current = store.get().me;
      if (lease && current?.userId === identity.userId) {
        store.update((s) => ({ ...s, me: { ...current, name: identity.name, avatarUrl: identity.avatarUrl, route } }));
        track();
        return;
      }
      void stop();
      store.set({ status: 'joining', me: { ...identity, route, since: now().toISOString() }, people: [] });
      const taken = registry.channel(PRESENCE_TOPIC, { config: { private: true, presence: { key: identity.userId } } });
      lease = taken;
      taken.on('presence', { event: 'sync' }, () => {
        if (lease !== taken) return;
        store.update((s) => ({ ...s, people: peopleFrom(taken.channel.presenceState() as Record<string, unknown[]>) }));
      });
      taken.subscribe((status) => {
        if (lease !== taken) return;
        joined = status === 'SUBSCRIBED';
        store.update((s) => ({ ...s, status: joined ? 'live' : status === 'CLOSED' ? 'joining' : 'unavailable' }));
        // Every (re)join tracks again: after a reconnect the server has forgotten this tab.
        if (joined) track();
      });
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
