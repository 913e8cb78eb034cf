// Whom the signed-in person may see in presence, and when that may have changed. `profiles` holds
// exactly them under RLS (one's own and the profiles of people sharing a project: the same
// `shares_project_with` that authorises joining their presence topic), with the names and
// pictures the page shows. `membership_changes` (published for realtime, readable by the person
// a change names and by the project's people) says when to read again.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.js';
import type { ChannelRegistry } from './realtime.js';

/** A person this one may see, as their profile has them. */
export interface PresenceProfile {
  userId: string;
  /** Their display name; null when they set none. */
  name: string | null;
  avatarUrl: string | null;
}

/** Where the presence store learns whom it may see. */
export interface PresencePeople {
  /** Oneself and everyone sharing a project with one, with names and pictures. Rejects on failure. */
  read(): Promise<PresenceProfile[]>;
  /** Calls back whenever whom one may see may have changed; returns the function that stops. */
  follow(onChange: () => void): () => void;
}

/** The topic the membership signal is heard on (a public channel: RLS decides what each person hears). */
export const MEMBERSHIP_TOPIC = 'presence-membership';

export function createProfilePeople(supabase: Pick<SupabaseClient<Database>, 'from'>, registry: ChannelRegistry): PresencePeople {
  return {
    async read() {
      const { data, error } = await supabase.from('profiles').select('id, display_name, avatar_url');
      if (error) throw new Error(error.message);
      return (data ?? []).map((row) => ({ userId: row.id, name: row.display_name, avatarUrl: row.avatar_url }));
    },
    follow(onChange) {
      const lease = registry.channel(MEMBERSHIP_TOPIC);
      lease.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'membership_changes' }, () => onChange());
      // Changes made before the channel joined (or while it was away) were not heard: each join
      // counts as one, the first included (the store's first read may have come before it).
      lease.subscribe((status) => {
        if (status === 'SUBSCRIBED') onChange();
      });
      return () => void lease.release();
    },
  };
}
