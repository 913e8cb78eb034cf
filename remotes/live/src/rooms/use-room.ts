// One project's room: the stored history, then every new, edited or deleted message as the
// database has it (postgres_changes on a shared platform lease: Realtime checks each row against
// the person's RLS, and the content is the table's, never what another client claims), typing
// notices over the room's PRIVATE broadcast channel (which also tells a person they are not in the
// room), and sending through the outbox. Each (re)join reads what changed meanwhile, so nothing
// said, edited or deleted while this tab was away or disconnected is missing.
import { getPortal, useSupabase, useUser } from '@portal/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { roomChangesTopic, roomTopic } from '../live-paths.js';
import { describeFailure, isUnreachable } from '../failure-words.js';
import { markRoomRead, setOpenRoom } from '../unread/unread-tracker.js';
import { addStored, clientIdsOf, latestChangeAt, latestStoredAt, MESSAGE_COLUMNS, storedMessageSchema, type MessageLog, type StoredMessage } from './message-log.js';
import { enqueue, forgetStored, onStored, openOutbox } from './outbox.js';

export type RoomStatus = 'joining' | 'live' | 'refused' | 'reconnecting';

export interface RoomState {
  status: RoomStatus;
  /** What went wrong reading the room, in words (null when nothing did). */
  error: string | null;
  log: MessageLog;
  /** user id → when their last typing notice arrived. */
  typing: ReadonlyMap<string, number>;
  /** Puts a message in the outbox (sent now, or once the server answers). */
  send(body: string, mentions: readonly string[]): void;
  /** Changes the text of one of the person's own messages; resolves with the failure in words, or null. */
  edit(id: number, body: string, mentions: readonly string[]): Promise<string | null>;
  /** Deletes one of the person's own messages for everyone; resolves with the failure in words, or null. */
  remove(id: number): Promise<string | null>;
  noteTyping(): void;
}

const TYPING_EVERY_MS = 2000;
export const TYPING_SHOWN_MS = 4000;
const HISTORY = 200;
/** Waits before reading a room again after a read failed, while its channel is joined. */
const READ_AGAIN_MS = [500, 1000, 2000, 5000, 10000];

export function useRoom(projectId: number): RoomState {
  const supabase = useSupabase();
  const user = useUser();
  const userId = user?.id ?? null;
  const [status, setStatus] = useState<RoomStatus>('joining');
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<MessageLog>([]);
  const [typing, setTyping] = useState<ReadonlyMap<string, number>>(new Map());
  const logRef = useRef<MessageLog>([]);
  const typingLease = useRef<ReturnType<ReturnType<typeof getPortal>['realtime']['channel']> | null>(null);
  const lastTypingSent = useRef(0);

  const update = useCallback((change: (log: MessageLog) => MessageLog) => {
    logRef.current = change(logRef.current);
    setLog(logRef.current);
    forgetStored(clientIdsOf(logRef.current));
  }, []);

  useEffect(() => {
    if (userId) openOutbox(userId);
  }, [userId]);

  useEffect(() => {
    // One room per hook instance: the page keys the room by project, so state starts empty.
    let active = true;
    let refused = false;

    /** The history (first join), or what was created, edited or deleted since the newest change shown. */
    const readSince = async (since: string | null): Promise<boolean> => {
      let query = supabase.from('messages').select(MESSAGE_COLUMNS).eq('project_id', projectId);
      if (since) query = query.or(`created_at.gte."${since}",edited_at.gte."${since}",deleted_at.gte."${since}"`);
      const { data, error: readError } = await query.order('created_at', { ascending: false }).limit(HISTORY);
      if (!active) return false;
      if (readError) {
        setError(isUnreachable(readError) ? 'The room’s messages could not be read: the server could not be reached. It is read again once the connection is back.' : describeFailure(readError));
        return false;
      }
      setError(null);
      update((current) => addStored(current, data));
      return true;
    };

    const stopStored = onStored((row) => {
      if (active && row.project_id === projectId) update((current) => addStored(current, [row], 'stored'));
    });

    const heard = (row: unknown) => {
      const parsed = storedMessageSchema().safeParse(row);
      if (parsed.success) {
        if (parsed.data.project_id === projectId) update((current) => addStored(current, [parsed.data], 'delivered'));
        return;
      }
      // Not the shape this page knows: the table's own row, read under RLS.
      const id = (row as { id?: unknown } | null)?.id;
      if (typeof id === 'number') {
        void supabase
          .from('messages')
          .select(MESSAGE_COLUMNS)
          .eq('id', id)
          .maybeSingle()
          .then(({ data }) => {
            if (active && data && data.project_id === projectId) update((current) => addStored(current, [data as StoredMessage], 'delivered'));
          });
      }
    };

    const changes = getPortal().realtime.channel(roomChangesTopic(projectId));
    const filter = `project_id=eq.${projectId}`;
    changes.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', filter }, (change) => heard(change.new));
    changes.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'messages', filter }, (change) => heard(change.new));
    // Each change of the channel's state; a read's answer counts only for the join that asked.
    let joins = 0;
    changes.subscribe((state) => {
      if (!active) return;
      const join = (joins += 1);
      if (state === 'SUBSCRIBED') {
        // First join: the history; a rejoin: what changed since the newest change shown. The room
        // is live once that is on screen: live before it, an empty room said "No messages yet"
        // while its history was on the way, and a rejoin dropped "Reconnecting" before the
        // messages said meanwhile were back. A read that fails is tried again (the server may
        // answer the socket before its API), for as long as this join is the current one.
        void (async () => {
          for (let attempt = 0; active && join === joins && !refused; attempt += 1) {
            if (await readSince(latestChangeAt(logRef.current))) {
              if (active && join === joins && !refused) setStatus('live');
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_MS[Math.min(attempt, READ_AGAIN_MS.length - 1)]));
          }
        })();
      } else if (!refused) {
        setStatus((current) => (current === 'joining' ? 'joining' : 'reconnecting'));
      }
    });

    const room = getPortal().realtime.channel(roomTopic(projectId), { config: { private: true, broadcast: { self: false } } });
    typingLease.current = room;
    room.on('broadcast', { event: 'typing' }, (message) => {
      const who = message.payload['userId'];
      if (typeof who === 'string') setTyping((current) => new Map(current).set(who, Date.now()));
    });
    room.subscribe((state, reason) => {
      if (active && state === 'CHANNEL_ERROR' && /unauthori[sz]ed/i.test(reason?.message ?? '')) {
        refused = true;
        setStatus('refused');
        setError(null);
      }
    });

    // A read that failed for want of an answer is tried again once the connection is back.
    const { connection } = getPortal();
    const stopConnection = connection.subscribe(() => {
      if (connection.get().status === 'connected' && active && !refused) {
        void readSince(latestChangeAt(logRef.current)).then((read) => {
          if (active && read && !refused) setStatus((current) => (current === 'reconnecting' ? current : 'live'));
        });
      }
    });

    return () => {
      active = false;
      typingLease.current = null;
      stopStored();
      stopConnection();
      void changes.release();
      void room.release();
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
    (body: string, mentions: readonly string[]) => {
      if (userId) openOutbox(userId);
      enqueue(projectId, body, mentions);
    },
    [projectId, userId],
  );

  const change = useCallback(
    async (id: number, patch: { body: string; mentions: string[] } | { deleted_at: string }): Promise<string | null> => {
      const { data, error: changeError } = await supabase.from('messages').update(patch).eq('id', id).select(MESSAGE_COLUMNS).maybeSingle();
      if (changeError) return describeFailure(changeError);
      if (!data) return 'The message could not be changed: it is not yours, or it is gone.';
      update((current) => addStored(current, [data]));
      return null;
    },
    [supabase, update],
  );
  const edit = useCallback((id: number, body: string, mentions: readonly string[]) => change(id, { body, mentions: [...mentions] }), [change]);
  const remove = useCallback((id: number) => change(id, { deleted_at: new Date().toISOString() }), [change]);

  const noteTyping = useCallback(() => {
    const now = Date.now();
    if (!userId || now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    void typingLease.current?.send({ type: 'broadcast', event: 'typing', payload: { userId } });
  }, [userId]);

  return { status, error, log, typing, send, edit, remove, noteTyping };
}
