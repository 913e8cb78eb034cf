// One project's room: the stored history, then everything said live over the room's PRIVATE
// broadcast channel (a shared platform lease), typing notices, and the acknowledgement the
// realtime server gives each broadcast. Each (re)join reads what was stored meanwhile, so
// nothing said while this tab was away or disconnected is missing.
import { describeError, getPortal, useSupabase, useUser } from '@portal/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { roomTopic } from '../live-paths.js';
import { markRoomRead, setOpenRoom } from '../unread/unread-tracker.js';
import { addPending, addStored, latestStoredAt, markDelivery, markStored, storedMessageSchema, type MessageLog } from './message-log.js';

export type RoomStatus = 'joining' | 'live' | 'refused' | 'reconnecting';

export interface RoomState {
  status: RoomStatus;
  error: string | null;
  log: MessageLog;
  /** user id → when their last typing notice arrived. */
  typing: ReadonlyMap<string, number>;
  send(body: string): Promise<void>;
  noteTyping(): void;
}

const TYPING_EVERY_MS = 2000;
export const TYPING_SHOWN_MS = 4000;
const HISTORY = 200;

export function useRoom(projectId: number): RoomState {
  const supabase = useSupabase();
  const user = useUser();
  const userId = user?.id ?? null;
  const [status, setStatus] = useState<RoomStatus>('joining');
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<MessageLog>([]);
  const [typing, setTyping] = useState<ReadonlyMap<string, number>>(new Map());
  const logRef = useRef<MessageLog>([]);
  const leaseRef = useRef<ReturnType<ReturnType<typeof getPortal>['realtime']['channel']> | null>(null);
  const lastTypingSent = useRef(0);
  const counter = useRef(0);

  const update = useCallback((change: (log: MessageLog) => MessageLog) => {
    logRef.current = change(logRef.current);
    setLog(logRef.current);
  }, []);

  useEffect(() => {
    // One room per hook instance: the page keys the room by project, so state starts empty.
    let active = true;

    const readSince = async (since: string | null) => {
      let query = supabase.from('messages').select('id, project_id, author_id, body, created_at').eq('project_id', projectId);
      if (since) query = query.gte('created_at', since);
      const { data, error: readError } = await query.order('created_at', { ascending: false }).limit(HISTORY);
      if (!active) return;
      if (readError) setError(describeError(readError));
      else update((current) => addStored(current, data));
    };

    const lease = getPortal().realtime.channel(roomTopic(projectId), { config: { private: true, broadcast: { ack: true, self: false } } });
    leaseRef.current = lease;
    lease.on('broadcast', { event: 'message' }, (message) => {
      const parsed = storedMessageSchema.safeParse(message.payload);
      if (parsed.success && parsed.data.project_id === projectId) update((current) => addStored(current, [parsed.data]));
    });
    lease.on('broadcast', { event: 'typing' }, (message) => {
      const who = message.payload['userId'];
      if (typeof who === 'string') setTyping((current) => new Map(current).set(who, Date.now()));
    });
    // Each change of the channel's state; a read's answer counts only for the join that asked.
    let joins = 0;
    lease.subscribe((state, reason) => {
      if (!active) return;
      const join = (joins += 1);
      if (state === 'SUBSCRIBED') {
        setError(null);
        // First join: the history; a rejoin: what was stored since the newest message shown. The
        // room is live once that is on screen: live before it, an empty room said "No messages
        // yet" while its history was on the way, and a rejoin dropped "Reconnecting" before the
        // messages said meanwhile were back.
        void readSince(latestStoredAt(logRef.current)).then(() => {
          if (active && join === joins) setStatus('live');
        });
      } else if (state === 'CHANNEL_ERROR' && /unauthori[sz]ed/i.test(reason?.message ?? '')) {
        setStatus('refused');
        setError(reason?.message ?? null);
      } else {
        setStatus((current) => (current === 'refused' ? current : current === 'joining' ? 'joining' : 'reconnecting'));
      }
    });
    return () => {
      active = false;
      leaseRef.current = null;
      void lease.release();
    };
  }, [supabase, projectId, update]);

  // The room on screen is read: up to its newest stored message, now and whenever the tab shows again.
  const readThrough = latestStoredAt(log);
  useEffect(() => {
    setOpenRoom(projectId);
    return () => setOpenRoom(null);
  }, [projectId]);
  useEffect(() => {
    if (!readThrough) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void markRoomRead(projectId, readThrough);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [projectId, readThrough]);

  // Typing notices fade on their own.
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setTyping((current) => new Map([...current].filter(([, at]) => now - at < TYPING_SHOWN_MS)));
    }, TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const send = useCallback(
    async (body: string) => {
      if (!userId) return;
      counter.current += 1;
      const key = `local-${counter.current}`;
      update((current) => addPending(current, key, { id: null, project_id: projectId, author_id: userId, body, created_at: new Date().toISOString() }));
      const { data, error: insertError } = await supabase
        .from('messages')
        .insert({ project_id: projectId, body })
        .select('id, project_id, author_id, body, created_at')
        .single();
      if (insertError) {
        update((current) => markDelivery(current, key, 'failed', describeError(insertError)));
        return;
      }
      const row = data;
      update((current) => markStored(current, key, row));
      const lease = leaseRef.current;
      if (!lease) return;
      const answer = await lease.send({ type: 'broadcast', event: 'message', payload: row });
      // Stored either way: a room that did not hear it reads it on its next join.
      update((current) => markDelivery(current, key, answer === 'ok' ? 'delivered' : 'stored'));
    },
    [supabase, projectId, userId, update],
  );

  const noteTyping = useCallback(() => {
    const now = Date.now();
    if (!userId || now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    void leaseRef.current?.send({ type: 'broadcast', event: 'typing', payload: { userId } });
  }, [userId]);

  return { status, error, log, typing, send, noteTyping };
}
