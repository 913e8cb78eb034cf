import { PresenceRoom } from './presence.js';

describe('presence of one topic', () => {
  it('tracks, updates in place and untracks, with the diffs Phoenix sends', () => {
    const room = new PresenceRoom();
    const joined = room.track('channel-1', 'alice', { status: 'online' });
    expect(joined).toEqual({
      joins: { alice: { metas: [{ status: 'online', phx_ref: expect.any(String) }] } },
      leaves: {},
    });
    const firstRef = joined!.joins.alice!.metas[0]!.phx_ref;

    expect(room.track('channel-1', 'alice', { status: 'online' })).toBeNull();

    const updated = room.track('channel-1', 'alice', { status: 'away' });
    expect(updated!.joins.alice!.metas[0]).toMatchObject({
      status: 'away',
      phx_ref_prev: firstRef,
    });
    expect(updated!.leaves).toEqual({
      alice: { metas: [{ status: 'online', phx_ref: firstRef }] },
    });

    expect(room.untrack('channel-1')).toEqual({
      joins: {},
      leaves: { alice: { metas: [expect.objectContaining({ status: 'away' })] } },
    });
    expect(room.untrack('channel-1')).toBeNull();
    expect(room.state()).toEqual({});
  });

  it('groups the metas of every channel tracking the same key', () => {
    const room = new PresenceRoom();
    room.track('tab-1', 'alice', { tab: 1 });
    room.track('tab-2', 'alice', { tab: 2 });
    room.track('tab-3', 'bob', {});
    const state = room.state();
    expect(Object.keys(state).sort()).toEqual(['alice', 'bob']);
    expect(state.alice!.metas.map((m) => m.tab)).toEqual([1, 2]);
    expect(new Set(state.alice!.metas.map((m) => m.phx_ref)).size).toBe(2);
    expect(room.size).toBe(3);
  });
});
