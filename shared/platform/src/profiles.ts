// Names and pictures of the people the signed-in person may see, read once for the whole page and
// followed live: the shell's header, presence and every remote show a person the same way
// (contract 1.7). `profiles` holds exactly them under RLS (one's own and those of people sharing a
// project); two published signal tables say when to read again (both on one public channel, where
// RLS decides what each person hears): `membership_changes` (whom one may see changed) and
// `profile_changes` (someone's name or picture changed; supabase/migrations/20250120000000_live_chat.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.js';
import { createExternalStore } from './external-store.js';
import type { ChannelLease, ChannelRegistry } from './realtime.js';
import type { SessionStore } from './session-store.js';

/** A person as their profile has them. */
export interface PersonProfile {
  userId: string;
  /** Their display name; null when they set none. */
  name: string | null;
  /** Kept only when it is an http(s) address (a picture from anywhere else is not shown). */
  avatarUrl: string | null;
}

export interface ProfilesSnapshot {
  /** `idle`: nobody signed in, or nobody listening; `failed`: the last read got no rows (the previous ones stay). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Whose view this is (the session's user id). */
  userId: string | null;
  profiles: ReadonlyMap<string, PersonProfile>;
}

export interface ProfilesStore {
  getSnapshot(): ProfilesSnapshot;
  /** Listening keeps the store reading and following (while someone is signed in). */
  subscribe(listener: () => void): () => void;
  /** Reads the profiles (a read already asked for since the last change is shared). Rejects on failure. */
  read(): Promise<PersonProfile[]>;
  /** Calls back whenever whom one may see, or how they are named, may have changed; returns what stops it. */
  follow(onChange: () => void): () => void;
}

/** The topic the signals are heard on (kept from contract 1.5, when presence alone listened). */
export const MEMBERSHIP_TOPIC = 'presence-membership';

const IDLE: ProfilesSnapshot = { status: 'idle', userId: null, profiles: new Map() };
const webAddress = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

type ProfilesClient = Pick<SupabaseClient<Database>, 'from'>;
type Session = Pick<SessionStore, 'getSnapshot' | 'subscribe'>;


export function createProfilesStore(supabase: ProfilesClient, registry: ChannelRegistry, session: Session): ProfilesStore {
  const store = createExternalStore<ProfilesSnapshot>(IDLE);
  const followers = new Set<() => void>();
  let listeners = 0;
  let lease: ChannelLease | null = null;
  let stopWatchingSession: (() => void) | null = null;
  /** Bumped by each signal and each change of person: a read started before is older news. */
  let epoch = 0;
  let started = 0;
  let latest: { epoch: number; userId: string; promise: Promise<PersonProfile[]> } | null = null;

  /**
   * Whom the store reads for: the signed-in person once their session has the level they need. A
   * session still waiting for its second factor reads nothing and joins nothing (Postgres would
   * refuse it anyway, and the code page is all such a session is shown).
   */
  const currentUser = () => {
    const snapshot = session.getSnapshot();
    if (snapshot.aal === 'aal1' && snapshot.nextAal === 'aal2') return null;
    return snapshot.user?.id ?? null;
  };

  function read(): Promise<PersonProfile[]> {
    const userId = currentUser();
    if (!userId) return Promise.resolve([]);
    if (latest && latest.epoch === epoch && latest.userId === userId) return latest.promise;
    const mine = ++started;
    const promise = (async () => {
      const { data, error } = await supabase.from('profiles').select('id, display_name, avatar_url');
      if (error) throw new Error(error.message);
      return (data ?? []).map((row): PersonProfile => ({ userId: row.id, name: row.display_name?.trim() || null, avatarUrl: webAddress(row.avatar_url) }));
    })();
    latest = { epoch, userId, promise };
    if (store.get().status === 'idle' || store.get().userId !== userId) store.set({ status: 'loading', userId, profiles: new Map() });
    promise.then(
      (people) => {
        // Only the newest read speaks, and only for the person it was read for.
        if (mine !== started || currentUser() !== userId) return;
        store.set({ status: 'ready', userId, profiles: new Map(people.map((p) => [p.userId, p])) });
      },
      (error: unknown) => {
        if (mine !== started || currentUser() !== userId) return;
        store.update((s) => ({ ...s, status: 'failed' }));
        console.warn(`Profiles: could not read the names of the people you work with (${error instanceof Error ? error.message : String(error)}).`);
      },
    );
    return promise;
  }

  /** Something may have changed: tell the followers, and read again if anyone is listening. */
  function signal(): void {
    epoch += 1;
    for (const follower of [...followers]) follower();
    if (listeners > 0 && currentUser()) void read().catch(() => undefined);
  }

  function onSession(): void {
    holdChannel();
    const userId = currentUser();
    if (userId === store.get().userId) return;
    epoch += 1;
    store.set(userId ? { status: 'loading', userId, profiles: new Map() } : IDLE);
    if (userId && listeners > 0) void read().catch(() => undefined);
  }

  /** The join asked for, to be made in a task of its own. */
  let joinSoon: ReturnType<typeof setTimeout> | null = null;
  const wanted = () => (listeners > 0 || followers.size > 0) && currentUser() !== null;

  /**
   * The signals' channel is held while someone listens or follows and there is someone to read
   * for. It is joined in the task after the one that asked: the header's first listener asks in
   * the same task as the first read, and the join (with the page's first channel, the realtime
   * socket's connect) made that one task of a phone's start, after its first paint, one of its
   * longest (issue #40). The join's own signal reads again, so nothing changed meanwhile is missed.
   */
  function holdChannel(): void {
    if (wanted() && !lease) {
      joinSoon ??= setTimeout(() => {
        joinSoon = null;
        if (wanted() && !lease) join();
      }, 0);
    } else if (!wanted()) {
      if (joinSoon !== null) clearTimeout(joinSoon);
      joinSoon = null;
      if (lease) {
        const held = lease;
        lease = null;
        void held.release();
      }
    }
  }

  function join(): void {
    const held = registry.channel(MEMBERSHIP_TOPIC);
    lease = held;
    held.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'membership_changes' }, () => signal());
    held.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_changes' }, () => signal());
    // Subscribed in the task after the one that made the channel: as the page's first channel, its
    // subscribe connects the socket (and the header renders the connection's new state), and with
    // the channel's making (realtime-js's first run) that task was 15-65 ms at full speed, on
    // every signed-in route (issue #40). Changes made before the channel joined (or while it was
    // away) were not heard: each join counts as one, the first included.
    setTimeout(() => {
      if (lease !== held) return;
      held.subscribe((status) => {
        if (status === 'SUBSCRIBED' && lease === held) signal();
      });
    }, 0);
  }

  function hold(): () => void {
    stopWatchingSession ??= session.subscribe(onSession);
    holdChannel();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holdChannel();
      if (listeners > 0 || followers.size > 0) return;
      stopWatchingSession?.();
      stopWatchingSession = null;
    };
  }

  return {
    getSnapshot: store.get,
    subscribe(listener) {
      listeners += 1;
      const unsubscribe = store.subscribe(listener);
      const release = hold();
      onSession();
      if (currentUser() && store.get().status !== 'ready') void read().catch(() => undefined);
      return () => {
        unsubscribe();
        listeners -= 1;
        release();
      };
    },
    read,
    follow(onChange) {
      followers.add(onChange);
      const release = hold();
      return () => {
        followers.delete(onChange);
        release();
      };
    },
  };
}

/** What to call a person: their profile's name, else what the caller knows (an email), else "Someone". */
export function nameOf(profile: Pick<PersonProfile, 'name'> | null | undefined, fallback?: string | null): string {
  return profile?.name || fallback || 'Someone';
}
