import { createExternalStore } from './external-store.js';
import { createProfilesStore, nameOf } from './profiles.js';
import type { ChannelRegistry } from './realtime.js';

type Row = { id: string; display_name: string | null; avatar_url: string | null };

/** A database answering reads in the order the test says, a channel the test drives, and a session. */
function fakes(userId: string | null = 'u-ann') {
  const reads: ((rows: Row[]) => void)[] = [];
  const supabase = {
    from: () => ({ select: () => new Promise<{ data: Row[]; error: null }>((resolve) => reads.push((rows) => resolve({ data: rows, error: null }))) }),
  };
  const handlers = new Map<string, () => void>();
  let status: ((s: string) => void) | null = null;
  let released = 0;
  let leases = 0;
  let joins = 0;
  const lease = {
    on: (_type: string, filter: { table: string }, callback: () => void) => {
      handlers.set(filter.table, callback);
      return lease;
    },
    subscribe: (callback: (s: string) => void) => {
      joins += 1;
      status = callback;
    },
    release: async () => {
      released += 1;
    },
  };
  const registry = {
    channel: () => {
      leases += 1;
      return lease;
    },
  } as unknown as ChannelRegistry;
  const session = createExternalStore({ user: userId ? { id: userId } : null });
  const store = createProfilesStore(supabase as never, registry, { getSnapshot: session.get as never, subscribe: session.subscribe });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    store,
    session,
    reads,
    answer: async (rows: Row[]) => {
      reads.shift()!(rows);
      await settle();
    },
    signal: (table: string) => handlers.get(table)!(),
    status: (s: string) => status!(s),
    counts: () => ({ leases, released }),
    joins: () => joins,
  };
}

const ann = (name: string | null, avatar: string | null = null): Row => ({ id: 'u-ann', display_name: name, avatar_url: avatar });

describe('the profiles store', () => {
  it('reads while someone listens, follows a profile change and a membership change, and shares one read per change', async () => {
    const db = fakes();
    const seen: string[] = [];
    const stop = db.store.subscribe(() => seen.push(db.store.getSnapshot().status));
    expect(db.reads).toHaveLength(1);
    await db.answer([ann('Ann Original', 'javascript:alert(1)')]);
    expect(db.store.getSnapshot().profiles.get('u-ann')).toEqual({ userId: 'u-ann', name: 'Ann Original', avatarUrl: null });

    // Presence follows the same signals and reads through the store: one read for both.
    const followed: number[] = [];
    const unfollow = db.store.follow(() => followed.push(1));
    db.signal('profile_changes');
    const presenceRead = db.store.read();
    expect(db.reads).toHaveLength(1);
    await db.answer([ann('Ann Anders', 'https://pictures.example/ann.png')]);
    await expect(presenceRead).resolves.toEqual([{ userId: 'u-ann', name: 'Ann Anders', avatarUrl: 'https://pictures.example/ann.png' }]);
    expect(db.store.getSnapshot().profiles.get('u-ann')?.name).toBe('Ann Anders');
    db.signal('membership_changes');
    db.status('SUBSCRIBED'); // a (re)join counts as a change too
    expect(followed).toHaveLength(3);
    expect(db.reads.length).toBeGreaterThanOrEqual(1);
    while (db.reads.length) await db.answer([ann('  ')]);
    expect(db.store.getSnapshot().profiles.get('u-ann')?.name).toBeNull();
    expect(seen).toContain('ready');

    unfollow();
    expect(db.counts().released).toBe(0); // still listened to
    stop();
    expect(db.counts()).toEqual({ leases: 1, released: 1 });
  });

  it('starts afresh for another person, and an answer read for the previous one is dropped', async () => {
    const db = fakes('u-ann');
    const stop = db.store.subscribe(() => undefined);
    db.session.set({ user: { id: 'u-ben' } });
    expect(db.store.getSnapshot()).toMatchObject({ status: 'loading', userId: 'u-ben' });
    await db.answer([ann('Ann, read for Ann')]);
    expect(db.store.getSnapshot().profiles.size).toBe(0);
    await db.answer([{ id: 'u-ben', display_name: 'Ben', avatar_url: null }]);
    expect(db.store.getSnapshot()).toMatchObject({ status: 'ready', userId: 'u-ben' });
    db.session.set({ user: null });
    expect(db.store.getSnapshot()).toMatchObject({ status: 'idle', userId: null });
    stop();
  });

  it('reads nothing and joins nothing for a session still waiting for its second factor, and starts once it has it', async () => {
    const db = fakes(null);
    db.session.set({ user: { id: 'u-ann' }, aal: 'aal1', nextAal: 'aal2' } as never);
    const stop = db.store.subscribe(() => undefined);
    const unfollow = db.store.follow(() => undefined);
    await expect(db.store.read()).resolves.toEqual([]);
    expect(db.reads).toHaveLength(0);
    expect(db.counts()).toEqual({ leases: 0, released: 0 });
    expect(db.store.getSnapshot()).toMatchObject({ status: 'idle', userId: null });

    db.session.set({ user: { id: 'u-ann' }, aal: 'aal2', nextAal: 'aal2' } as never);
    await db.answer([ann('Ann')]);
    expect(db.counts().leases).toBe(1);
    expect(db.store.getSnapshot()).toMatchObject({ status: 'ready', userId: 'u-ann' });

    // Signing out lets the channel go while the header still listens.
    db.session.set({ user: null } as never);
    expect(db.counts()).toEqual({ leases: 1, released: 1 });
    unfollow();
    stop();
    expect(db.counts()).toEqual({ leases: 1, released: 1 });
  });

  it('reads at once and joins the signals\' channel in a later task; a listener gone before then joins nothing', async () => {
    const db = fakes();
    const stop = db.store.subscribe(() => undefined);
    // The read is asked for in the listener's own task, the join (and the socket's connect) not.
    expect(db.reads).toHaveLength(1);
    expect(db.counts().leases).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(db.counts()).toEqual({ leases: 1, released: 0 });
    stop();
    expect(db.counts()).toEqual({ leases: 1, released: 1 });

    const brief = fakes();
    brief.store.subscribe(() => undefined)();
    const unfollow = brief.store.follow(() => undefined);
    unfollow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(brief.counts()).toEqual({ leases: 0, released: 0 });
  });

  it('subscribes the channel in the task after the one that made it; a channel let go before then is never subscribed', async () => {
    const task = () => new Promise((resolve) => setTimeout(resolve, 0));
    const db = fakes();
    const stop = db.store.subscribe(() => undefined);
    await task();
    // Made, with its bindings, but not subscribed: that (the socket's connect) is the next task's.
    expect({ leases: db.counts().leases, joins: db.joins() }).toEqual({ leases: 1, joins: 0 });
    await task();
    expect(db.joins()).toBe(1);
    db.status('SUBSCRIBED');
    expect(db.reads).toHaveLength(2); // the join counts as a change
    stop();

    const brief = fakes();
    const gone = brief.store.subscribe(() => undefined);
    await task();
    expect(brief.counts()).toEqual({ leases: 1, released: 0 });
    gone();
    await task();
    expect({ ...brief.counts(), joins: brief.joins() }).toEqual({ leases: 1, released: 1, joins: 0 });
  });

  it('names a person by their profile, else what the caller knows, else "Someone"', () => {
    expect(nameOf({ name: 'Ann' }, 'ann@example.com')).toBe('Ann');
    expect(nameOf({ name: null }, 'ann@example.com')).toBe('ann@example.com');
    expect(nameOf(null)).toBe('Someone');
  });
});
