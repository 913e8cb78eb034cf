import type {
  RealtimeChannel,
  RealtimeChannelOptions,
  RealtimeChannelSendResponse,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js';

/** What `channel.subscribe` reports, as realtime-js names it. */
export type ChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';
export type ChannelStatusListener = (status: ChannelStatus, error?: Error) => void;

export interface PostgresChangesFilter {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
}

export interface BroadcastMessage<P = Record<string, unknown>> {
  type: 'broadcast';
  event: string;
  payload: P;
}

export interface ChannelLease {
  readonly topic: string;
  /**
   * The shared channel as it is now (for `send`, `track`, `presenceState`). Read it when you use
   * it: the registry replaces the channel when a binding realtime-js only accepts before the join
   * is added later, or when the topic is taken again while its previous channel is still leaving.
   */
  readonly channel: RealtimeChannel;
  /**
   * Listens on the shared channel for this lease only; `release()` removes these listeners and no
   * one else's. Bindings the server must know at join time (postgres_changes, presence) added
   * after the channel joined make the registry join a fresh channel with every lease's bindings.
   */
  on<T extends Record<string, unknown> = Record<string, unknown>>(
    type: 'postgres_changes',
    filter: PostgresChangesFilter,
    callback: (payload: RealtimePostgresChangesPayload<T>) => void,
  ): ChannelLease;
  on<P = Record<string, unknown>>(type: 'broadcast', filter: { event: string }, callback: (message: BroadcastMessage<P>) => void): ChannelLease;
  on(type: 'presence', filter: { event: 'sync' | 'join' | 'leave' }, callback: (payload: unknown) => void): ChannelLease;
  /**
   * Joins the shared channel once; every lease hears every later status of it (a late subscriber
   * first hears the current one), and only the leases of this topic hear its errors.
   */
  subscribe(onStatus?: ChannelStatusListener): RealtimeChannel;
  /** Sends on the current channel (broadcast; with `ack` on, resolves when the server confirmed). */
  send(message: BroadcastMessage): Promise<RealtimeChannelSendResponse>;
  /** Gives the channel back; the last release removes it. Calling it twice is harmless. */
  release(): Promise<void>;
}

export interface ChannelRegistry {
  channel(topic: string, options?: RealtimeChannelOptions): ChannelLease;
  /** How many leases are open on a topic (for the status page and tests). */
  users(topic: string): number;
  /** The topics with open leases. */
  topics(): string[];
}

type ChannelClient = Pick<SupabaseClient, 'channel' | 'removeChannel' | 'getChannels'>;
type Listener = (payload: unknown) => void;
type LooseOn = (type: string, filter: Record<string, unknown>, callback: Listener) => RealtimeChannel;

interface Binding {
  type: string;
  filter: Record<string, unknown>;
  listeners: Set<Listener>;
}

interface Entry {
  topic: string;
  options: RealtimeChannelOptions | undefined;
  channel: RealtimeChannel;
  /** Increases with each channel the entry gets; statuses of an older channel are ignored. */
  generation: number;
  users: number;
  bindings: Map<string, Binding>;
  statusListeners: Set<ChannelStatusListener>;
  /** The last status of the current channel, replayed to late subscribers. */
  status: { status: ChannelStatus; error?: Error } | null;
  wantsJoin: boolean;
  /** A replacement channel being prepared (the previous one must leave first). */
  replacing: Promise<void> | null;
}

const JOIN_TIME_BINDINGS = new Set(['postgres_changes', 'presence']);

/**
 * One key per binding, whatever the order its filter's fields were written in. The fields are put
 * in code-unit order, not by `localeCompare`: a key needs no language's collation, and the first
 * `localeCompare` of a page loads the collation data, 20 ms of a phone's start (issue #40).
 */
function bindingKey(type: string, filter: Record<string, unknown>): string {
  return `${type}:${JSON.stringify(Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
}

/**
 * Reference-counted channels over the page's one realtime connection. `supabase.channel(topic)`
 * returns the SAME object for a topic (realtime-js `RealtimeClient.channel`), so a
 * `removeChannel` in one remote would close it for every other remote. Leases count users; the
 * channel is removed when the last one releases. The options of the first lease on a topic win
 * (the channel already exists for the others).
 */
export function createChannelRegistry(client: ChannelClient): ChannelRegistry {
  const entries = new Map<string, Entry>();
  /** Channels leaving after their last release; realtime-js hands the same object out until then. */
  const leaving = new Map<string, Promise<void>>();

  function attach(entry: Entry): void {
    for (const binding of entry.bindings.values()) {
      (entry.channel.on as unknown as LooseOn).call(entry.channel, binding.type, binding.filter, (payload) => {
        for (const listener of [...binding.listeners]) listener(payload);
      });
    }
  }

  function report(entry: Entry, status: ChannelStatus, error?: Error): void {
    entry.status = error ? { status, error } : { status };
    for (const listener of [...entry.statusListeners]) listener(status, error);
  }

  function join(entry: Entry): void {
    const generation = entry.generation;
    entry.channel.subscribe((status, error) => {
      if (entry.generation === generation) report(entry, status as ChannelStatus, error);
    });
  }

  /** Removes the entry's current channel (once a replacement in progress is done), synchronously marked as leaving. */
  function leave(entry: Entry): Promise<void> {
    const topic = entry.topic;
    const done = (entry.replacing ?? Promise.resolve())
      // A channel already gone must not be removed again: realtime-js drops channels from its
      // list by topic, so it would take a newer channel of the same topic with it.
      .then(() => (client.getChannels().includes(entry.channel) ? client.removeChannel(entry.channel) : undefined))
      .then(
        () => undefined,
        () => undefined,
      );
    const tracked = done.finally(() => {
      if (leaving.get(topic) === tracked) leaving.delete(topic);
    });
    leaving.set(topic, tracked);
    return tracked;
  }

  /** Gives the entry a fresh channel once `before` settled, with every binding, joined if wanted. */
  function replaceChannel(entry: Entry, before: Promise<void>): void {
    entry.generation += 1;
    const generation = entry.generation;
    entry.status = null;
    const replacing = before.then(() => {
      if (entry.generation !== generation || entries.get(entry.topic) !== entry) return;
      entry.channel = client.channel(entry.topic, entry.options);
      attach(entry);
      if (entry.wantsJoin) join(entry);
    });
    entry.replacing = replacing.finally(() => {
      if (entry.replacing === replacing) entry.replacing = null;
    });
  }

  function isJoinedOrJoining(channel: RealtimeChannel): boolean {
    return channel.state === 'joined' || channel.state === 'joining';
  }

  return {
    channel(topic, options) {
      let entry = entries.get(topic);
      if (!entry) {
        const created: Entry = {
          topic,
          options,
          channel: client.channel(topic, options),
          generation: 0,
          users: 0,
          bindings: new Map(),
          statusListeners: new Set(),
          status: null,
          wantsJoin: false,
          replacing: null,
        };
        entry = created;
        entries.set(topic, created);
        const previous = leaving.get(topic);
        if (previous) replaceChannel(created, previous);
      }
      entry.users += 1;
      const held = entry;
      const mine: { binding: Binding; listener: Listener }[] = [];
      let myStatus: ChannelStatusListener | null = null;
      let released = false;

      const lease: ChannelLease = {
        topic,
        get channel() {
          return held.channel;
        },
        on(type: string, filter: Record<string, unknown>, callback: Listener) {
          if (released) throw new Error(`The lease on "${topic}" was released; take a new one.`);
          const key = bindingKey(type, filter);
          let binding = held.bindings.get(key);
          const fresh = !binding;
          if (!binding) {
            binding = { type, filter, listeners: new Set() };
            held.bindings.set(key, binding);
          }
          const listener: Listener = (payload) => callback(payload);
          binding.listeners.add(listener);
          mine.push({ binding, listener });
          if (fresh && !held.replacing) {
            if (JOIN_TIME_BINDINGS.has(type) && isJoinedOrJoining(held.channel)) {
              // realtime-js refuses these after the join; the server must hear them in the join.
              replaceChannel(held, leave(held));
            } else {
              const target = binding;
              (held.channel.on as unknown as LooseOn).call(held.channel, type, filter, (payload) => {
                for (const each of [...target.listeners]) each(payload);
              });
            }
          }
          return lease;
        },
        subscribe(onStatus) {
          if (onStatus && !released && !myStatus) {
            myStatus = onStatus;
            held.statusListeners.add(onStatus);
            if (held.status) onStatus(held.status.status, held.status.error);
          }
          if (!held.wantsJoin) {
            held.wantsJoin = true;
            if (!held.replacing) join(held);
          }
          return held.channel;
        },
        async send(message) {
          await held.replacing;
          return held.channel.send(message);
        },
        async release() {
          if (released) return;
          released = true;
          for (const { binding, listener } of mine) binding.listeners.delete(listener);
          if (myStatus) held.statusListeners.delete(myStatus);
          held.users -= 1;
          if (held.users === 0 && entries.get(topic) === held) {
            entries.delete(topic);
            // A replacement under way still creates its channel; then that one leaves.
            await leave(held);
          }
        },
      } as ChannelLease;
      return lease;
    },
    users: (topic) => entries.get(topic)?.users ?? 0,
    topics: () => [...entries.keys()],
  };
}
