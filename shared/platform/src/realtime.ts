import type { RealtimeChannel, RealtimeChannelOptions, SupabaseClient } from '@supabase/supabase-js';

export interface ChannelLease {
  readonly topic: string;
  readonly channel: RealtimeChannel;
  /** Subscribes the shared channel once; later callers get the current state. */
  subscribe(onStatus?: Parameters<RealtimeChannel['subscribe']>[0]): RealtimeChannel;
  /** Gives the channel back; the last release removes it. Calling it twice is harmless. */
  release(): Promise<void>;
}

export interface ChannelRegistry {
  channel(topic: string, options?: RealtimeChannelOptions): ChannelLease;
  /** How many leases are open on a topic (for the status page and tests). */
  users(topic: string): number;
}

type ChannelClient = Pick<SupabaseClient, 'channel' | 'removeChannel'>;

/**
 * Reference-counted channels. `supabase.channel(topic)` returns the SAME object for a topic
 * (realtime-js `RealtimeClient.channel`), so a `removeChannel` in one remote would close it for
 * every other remote. Leases count users; the channel is removed when the last one releases.
 * The options of the first lease on a topic win (the channel already exists for the others).
 */
export function createChannelRegistry(client: ChannelClient): ChannelRegistry {
  const entries = new Map<string, { channel: RealtimeChannel; users: number; subscribed: boolean }>();
  return {
    channel(topic, options) {
      let entry = entries.get(topic);
      if (!entry) {
        entry = { channel: client.channel(topic, options), users: 0, subscribed: false };
        entries.set(topic, entry);
      }
      entry.users += 1;
      const held = entry;
      let released = false;
      return {
        topic,
        channel: held.channel,
        subscribe(onStatus) {
          if (!held.subscribed) {
            held.subscribed = true;
            held.channel.subscribe(onStatus);
          } else if (onStatus && held.channel.state === 'joined') {
            onStatus('SUBSCRIBED' as never);
          }
          return held.channel;
        },
        async release() {
          if (released) return;
          released = true;
          held.users -= 1;
          if (held.users === 0 && entries.get(topic) === held) {
            entries.delete(topic);
            await client.removeChannel(held.channel);
          }
        },
      };
    },
    users: (topic) => entries.get(topic)?.users ?? 0,
  };
}
