import { installPortal, type NavBadge, type Portal } from '@portal/platform';
import { markRoomRead, setOpenRoom, startUnreadTracker } from './unread-tracker.js';

/** A portal whose database answers only when the test says so, in the order it chooses. */
function fakePortal() {
  const pending: { name: string; resolve: (answer: unknown) => void }[] = [];
  let onInsert: ((change: { new: Record<string, unknown> }) => void) | null = null;
  let onStatus: ((status: string) => void) | null = null;
  const lease = {
    on: (_type: string, _filter: unknown, callback: typeof onInsert) => {
      onInsert = callback;
      return lease;
    },
    subscribe: (callback: typeof onStatus) => {
      onStatus = callback;
    },
    release: async () => undefined,
  };
  const portal = {
    session: { getSnapshot: () => ({ user: { id: 'sam' } }) },
    realtime: { channel: () => lease },
    supabase: {
      rpc: (name: string) => new Promise((resolve) => pending.push({ name, resolve })),
      from: () => ({ select: async () => ({ data: [{ id: 1, name: 'Launch website' }], error: null }) }),
    },
  } as unknown as Portal;
  installPortal(portal);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Answers the oldest waiting call of that name. */
  const answer = async (name: string, data: unknown) => {
    const index = pending.findIndex((p) => p.name === name);
    if (index < 0) throw new Error(`nothing waits for ${name}; waiting: ${pending.map((p) => p.name).join(', ')}`);
    pending.splice(index, 1)[0]!.resolve({ data, error: null });
    await flush();
  };
  return { pending, answer, flush, insert: (author: string) => onInsert!({ new: { author_id: author } }), status: (s: string) => onStatus!(s) };
}

describe('the unread tracker', () => {
  it('never shows a count read while the room’s marker was being stored', async () => {
    const db = fakePortal();
    const badges: (NavBadge | null)[] = [];
    const stop = startUnreadTracker({ name: 'live', setNavBadge: (badge) => badges.push(badge) });
    db.status('SUBSCRIBED');
    await db.answer('room_unread_counts', [{ project_id: 1, unread: 2 }]);
    expect(badges.at(-1)).toEqual({ count: 2, label: '2 unread messages: Launch website 2' });

    // Sam opens the room: it is not counted while on screen, and is marked read.
    setOpenRoom(1);
    expect(badges.at(-1)).toBeNull();
    const marking = markRoomRead(1, '2026-01-01T10:00:00Z');
    // Meanwhile a message arrives; the count is read BEFORE the marker is stored and answers after.
    db.insert('dana');
    await db.flush();
    await db.answer('room_unread_counts', [{ project_id: 1, unread: 3 }]); // stale: dropped
    await db.answer('mark_room_read', '2026-01-01T10:00:00Z');
    await marking;
    setOpenRoom(null); // Sam leaves the room before the next count answers
    expect(badges.at(-1)).toBeNull();
    await db.answer('room_unread_counts', []);
    expect(badges.at(-1)).toBeNull();

    // Someone else writes: counted again. His own messages never trigger a count.
    db.insert('sam');
    expect(db.pending).toEqual([]);
    db.insert('dana');
    await db.flush();
    await db.answer('room_unread_counts', [{ project_id: 1, unread: 1 }]);
    expect(badges.at(-1)).toEqual({ count: 1, label: '1 unread message: Launch website 1' });
    await stop();
  });
});
