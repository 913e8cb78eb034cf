// Changes to the person's projects and tasks as they happen: postgres_changes on a shared
// platform lease (the server sends each change only if this person's role may read the row,
// so nothing is filtered here). After a disconnect, each rejoin reads the rows created or
// updated since the last moment the feed was known complete.
import { getPortal, useSupabase } from '@portal/platform';
import { describeFailure } from '../failure-words.js';
import { useEffect, useRef, useState } from 'react';
import { addCatchUp, addItems, countGap, FEED_LIMIT, itemFromChange, itemsFromCatchUp, unlistedOf, type ActivityItem, type ChangePayload, type GapCount } from './activity-feed.js';

export const ACTIVITY_TOPIC = 'live:activity';

export interface ActivityState {
  items: readonly ActivityItem[];
  /**
   * joining → live; after a disconnect, reconnecting → catching-up (what changed meanwhile is
   * read) → live, or behind when that read failed: changes still arrive live, but some made
   * while away are missing until a catch-up (`retry`, or the next rejoin) succeeds.
   */
  status: 'joining' | 'live' | 'reconnecting' | 'catching-up' | 'behind';
  error: string | null;
  /**
   * Rows that changed while away and are not in the feed: a gap larger than the feed keeps
   * (FEED_LIMIT). Said on the page, so a long absence never passes for a complete list.
   */
  unlisted: number;
  /** Reads again what changed since the feed was last complete (offered while behind). */
  retry(): void;
}

export function useActivity(): ActivityState {
  const supabase = useSupabase();
  // `unlisted` is counted per gap read, each stretch of time once (unlistedOf): catch-ups of
  // overlapping gaps (a "Try again" racing a reconnect's, or an older catch-up answering after a
  // later gap was counted) answer the same rows, and adding both counted them twice.
  const [state, setState] = useState<Omit<ActivityState, 'retry' | 'unlisted'> & { gaps: readonly GapCount[] }>({
    items: [],
    status: 'joining',
    error: null,
    gaps: [],
  });
  /**
   * Until when the feed is complete: set at the first join, and moved to a rejoin's time only
   * once that rejoin's catch-up has read what changed before it. Moved at the rejoin itself, a
   * failed catch-up lost the gap for good: the next one started after it.
   */
  const completeUntil = useRef<string | null>(null);
  const retryRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let active = true;
    // Each change of the channel's state; a catch-up's status counts only for the join that asked.
    let joins = 0;
    let joinedAt = '';
    const add = (items: ActivityItem[]) => setState((s) => ({ ...s, items: addItems(s.items, items) }));
    const catchUp = async (join: number, until: string) => {
      const since = completeUntil.current;
      if (!since) return;
      setState((s) => ({ ...s, status: 'catching-up', error: null }));
      // The newest of each table, and how many changed in all: the feed keeps its newest
      // FEED_LIMIT items, so older rows of a larger gap would only be read to be dropped. Read
      // oldest first, a large gap lost its newest changes, and the feed claimed it complete.
      const [tasks, projects] = await Promise.all([
        supabase
          .from('tasks')
          .select('id, title, created_at, updated_at', { count: 'exact' })
          .gt('updated_at', since)
          .order('updated_at', { ascending: false })
          .limit(FEED_LIMIT),
        supabase
          .from('projects')
          .select('id, name, created_at', { count: 'exact' })
          .gt('created_at', since)
          .order('created_at', { ascending: false })
          .limit(FEED_LIMIT),
      ]);
      if (!active) return;
      const error = tasks.error ?? projects.error;
      if (error) {
        if (join === joins) setState((s) => ({ ...s, status: 'behind', error: describeFailure(error) }));
        return;
      }
      const caught = [...itemsFromCatchUp('tasks', tasks.data ?? [], since), ...itemsFromCatchUp('projects', projects.data ?? [], since)];
      const total = (tasks.count ?? tasks.data?.length ?? 0) + (projects.count ?? projects.data?.length ?? 0);
      setState((s) => {
        const { items, unlisted } = addCatchUp(s.items, caught, total);
        return { ...s, items, gaps: countGap(s.gaps, { since, until, unlisted }) };
      });
      // The read covered everything up to the join that asked, whatever happened since; later
      // changes were heard live. Another catch-up may have moved it further already.
      if (until > (completeUntil.current ?? '')) completeUntil.current = until;
      if (join === joins) setState((s) => ({ ...s, status: 'live', error: null }));
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
      const join = (joins += 1);
      if (status === 'SUBSCRIBED') {
        joinedAt = new Date().toISOString();
        if (completeUntil.current) {
          // Live only once what changed meanwhile is on screen.
          void catchUp(join, joinedAt);
        } else {
          completeUntil.current = joinedAt;
          setState((s) => ({ ...s, status: 'live', error: null }));
        }
      } else {
        setState((s) => ({ ...s, status: s.status === 'joining' ? 'joining' : 'reconnecting' }));
      }
    });
    retryRef.current = () => {
      if (active && joinedAt) void catchUp(joins, joinedAt);
    };
    return () => {
      active = false;
      retryRef.current = () => undefined;
      void lease.release();
    };
  }, [supabase]);
  const { gaps, ...shown } = state;
  return { ...shown, unlisted: unlistedOf(gaps), retry: () => retryRef.current() };
}
