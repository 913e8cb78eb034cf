// Changes to the person's projects and tasks as they happen: postgres_changes on a shared
// platform lease (the server sends each change only if this person's role may read the row,
// so nothing is filtered here). After a disconnect, each rejoin reads the rows created or
// updated since the last moment the feed was known complete.
import { describeError, getPortal, useSupabase } from '@portal/platform';
import { useEffect, useRef, useState } from 'react';
import { addItems, itemFromChange, itemsFromCatchUp, type ActivityItem, type ChangePayload } from './activity-feed.js';

export const ACTIVITY_TOPIC = 'live:activity';

export interface ActivityState {
  items: readonly ActivityItem[];
  status: 'joining' | 'live' | 'reconnecting';
  error: string | null;
}

export function useActivity(): ActivityState {
  const supabase = useSupabase();
  const [state, setState] = useState<ActivityState>({ items: [], status: 'joining', error: null });
  /** Until when the feed is complete: set at each join, read by the next one's catch-up. */
  const completeUntil = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    const add = (items: ActivityItem[]) => setState((s) => ({ ...s, items: addItems(s.items, items) }));
    const catchUp = async (since: string) => {
      const [tasks, projects] = await Promise.all([
        supabase.from('tasks').select('id, title, created_at, updated_at').gt('updated_at', since).order('updated_at').limit(200),
        supabase.from('projects').select('id, name, created_at').gt('created_at', since).order('created_at').limit(200),
      ]);
      if (!active) return;
      const error = tasks.error ?? projects.error;
      if (error) return setState((s) => ({ ...s, error: describeError(error) }));
      add([...itemsFromCatchUp('tasks', tasks.data ?? [], since), ...itemsFromCatchUp('projects', projects.data ?? [], since)]);
    };

    const lease = getPortal().realtime.channel(ACTIVITY_TOPIC);
    for (const table of ['tasks', 'projects']) {
      lease.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
        const made = itemFromChange(payload as unknown as ChangePayload);
        if (made) add([made]);
      });
    }
    lease.subscribe((status) => {
      if (!active) return;
      if (status === 'SUBSCRIBED') {
        const since = completeUntil.current;
        completeUntil.current = new Date().toISOString();
        setState((s) => ({ ...s, status: 'live', error: null }));
        if (since) void catchUp(since);
      } else {
        setState((s) => ({ ...s, status: s.status === 'joining' ? 'joining' : 'reconnecting' }));
      }
    });
    return () => {
      active = false;
      void lease.release();
    };
  }, [supabase]);
  return state;
}
