import { addCatchUp, addItems, countGap, FEED_LIMIT, itemFromChange, itemsFromCatchUp, unlistedOf, type GapCount } from './activity-feed.js';

describe('the activity feed', () => {
  it('turns task and project changes into items linking to the row in the data remote', () => {
    const task = itemFromChange({
      table: 'tasks',
      eventType: 'UPDATE',
      commit_timestamp: '2026-01-01T10:00:00Z',
      new: { id: 4, title: '<b>Accessibility</b> review', updated_at: '2026-01-01T10:00:00Z' },
      old: { id: 4 },
    });
    expect(task).toMatchObject({ table: 'tasks', kind: 'changed', rowId: 4, label: '<b>Accessibility</b> review', link: '/data/tasks?f=id.eq.4', caughtUp: false });
    const removed = itemFromChange({ table: 'projects', eventType: 'DELETE', commit_timestamp: '2026-01-01T10:01:00Z', new: {}, old: { id: 2 } });
    expect(removed).toMatchObject({ kind: 'removed', rowId: 2, label: '', link: '/data/projects?f=id.eq.2' });
    expect(itemFromChange({ table: 'messages', eventType: 'INSERT', commit_timestamp: 'x', new: { id: 1 }, old: {} })).toBeNull();
  });

  it('reads a catch-up as added (created since) or changed, and shows each row version once, newest first', () => {
    const since = '2026-01-01T10:00:00Z';
    const caught = itemsFromCatchUp(
      'tasks',
      [
        { id: 1, title: 'old task, edited', created_at: '2025-12-01T00:00:00Z', updated_at: '2026-01-01T10:05:00Z' },
        { id: 2, title: 'new task', created_at: '2026-01-01T10:06:00Z', updated_at: '2026-01-01T10:06:00Z' },
      ],
      since,
    );
    expect(caught.map((i) => [i.rowId, i.kind, i.caughtUp])).toEqual([
      [1, 'changed', true],
      [2, 'added', true],
    ]);
    const live = itemFromChange({
      table: 'tasks',
      eventType: 'UPDATE',
      commit_timestamp: '2026-01-01T10:05:00Z',
      new: { id: 1, title: 'old task, edited', updated_at: '2026-01-01T10:05:00Z' },
      old: {},
    })!;
    const feed = addItems(addItems([], [live]), caught);
    expect(feed.map((i) => i.rowId)).toEqual([2, 1]); // the live item and its catch-up: once
  });

  it('shows a project added once, heard live (at its commit) and read again by a catch-up (by its created_at)', () => {
    const live = itemFromChange({
      table: 'projects',
      eventType: 'INSERT',
      // The commit comes after the insert's now(), and realtime may spell the time otherwise than REST.
      commit_timestamp: '2026-01-01T10:00:00.412Z',
      new: { id: 7, name: 'Garden plan', created_at: '2026-01-01 10:00:00.398712+00' },
      old: {},
    })!;
    const caught = itemsFromCatchUp('projects', [{ id: 7, name: 'Garden plan', created_at: '2026-01-01T10:00:00.398712+00:00' }], '2026-01-01T09:00:00Z');
    const feed = addItems(addItems([], [live]), caught);
    expect(feed.map((i) => [i.table, i.rowId, i.kind])).toEqual([['projects', 7, 'added']]);
    // Either order.
    expect(addItems(addItems([], caught), [live])).toHaveLength(1);
  });

  it('shows a task version once whichever way its time is spelled, and a task added then changed while away as both', () => {
    const since = '2026-01-01T09:00:00Z';
    const liveChange = itemFromChange({
      table: 'tasks',
      eventType: 'UPDATE',
      commit_timestamp: '2026-01-01T10:05:00.200Z',
      new: { id: 4, title: 'Review', created_at: '2025-12-01 08:00:00+00', updated_at: '2026-01-01 10:05:00.123456+00' },
      old: { id: 4 },
    })!;
    const readAgain = itemsFromCatchUp('tasks', [{ id: 4, title: 'Review', created_at: '2025-12-01T08:00:00+00:00', updated_at: '2026-01-01T10:05:00.123456+00:00' }], since);
    expect(addItems([liveChange], readAgain)).toHaveLength(1);
    // Two updates in the same millisecond stay two versions.
    const sameMs = itemsFromCatchUp('tasks', [{ id: 4, title: 'Review', created_at: '2025-12-01T08:00:00+00:00', updated_at: '2026-01-01T10:05:00.123999+00:00' }], since);
    expect(addItems([liveChange], sameMs)).toHaveLength(2);

    // Heard added live, then renamed while away: the catch-up's row is the same addition and a change.
    const liveAdd = itemFromChange({
      table: 'tasks',
      eventType: 'INSERT',
      commit_timestamp: '2026-01-01T09:30:00.010Z',
      new: { id: 9, title: 'Draft', created_at: '2026-01-01T09:30:00.001+00:00', updated_at: '2026-01-01T09:30:00.001+00:00' },
      old: {},
    })!;
    const caught = itemsFromCatchUp('tasks', [{ id: 9, title: 'Final', created_at: '2026-01-01T09:30:00.001+00:00', updated_at: '2026-01-01T09:45:00.5+00:00' }], since);
    expect(addItems([liveAdd], caught).map((i) => [i.rowId, i.kind])).toEqual([
      [9, 'changed'],
      [9, 'added'],
    ]);
  });

  it('shows a task added within the millisecond after the rejoin once: added, heard live and read again', () => {
    // The catch-up reads rows updated after the rejoin to the microsecond; the row is an addition.
    const since = '2026-01-01T10:00:00.000Z';
    const row = { id: 11, title: 'Quick', created_at: '2026-01-01T10:00:00.000400+00:00', updated_at: '2026-01-01T10:00:00.000400+00:00' };
    const caught = itemsFromCatchUp('tasks', [row], since);
    expect(caught.map((i) => i.kind)).toEqual(['added']);
    const live = itemFromChange({ table: 'tasks', eventType: 'INSERT', commit_timestamp: '2026-01-01T10:00:00.002Z', new: row, old: {} })!;
    expect(addItems([live], caught)).toHaveLength(1);
  });

  it('counts the rows of a gap the feed does not list, never claiming a larger gap complete', () => {
    const since = '2026-01-01T09:00:00Z';
    const rows = Array.from({ length: FEED_LIMIT }, (_, i) => ({
      id: i + 1,
      title: `task ${i + 1}`,
      created_at: '2025-12-01T00:00:00Z',
      updated_at: new Date(Date.parse('2026-01-01T10:00:00Z') + i * 1000).toISOString(),
    }));
    // The newest FEED_LIMIT of 260 changed tasks were read.
    const { items, unlisted } = addCatchUp([], itemsFromCatchUp('tasks', rows, since), 260);
    expect(items).toHaveLength(FEED_LIMIT);
    expect(unlisted).toBe(60);
    // A small gap is listed whole.
    expect(addCatchUp(items, itemsFromCatchUp('tasks', rows.slice(-3), since), 3).unlisted).toBe(0);
  });

  it('counts a gap once however many catch-ups of it answer, in whatever order', () => {
    const since = '2026-01-01T09:00:00.000Z';
    // A "Try again" (up to the first rejoin) racing a reconnect's catch-up (up to the second),
    // both from the same moment: the wider one answers every row the narrower one does.
    const retried: GapCount = { since, until: '2026-01-01T10:00:00.000Z', unlisted: 60 };
    const rejoined: GapCount = { since, until: '2026-01-01T10:05:00.000Z', unlisted: 61 };
    expect(unlistedOf(countGap(countGap([], retried), retried))).toBe(60);
    expect(unlistedOf(countGap(countGap([], retried), rejoined))).toBe(61);
    expect(unlistedOf(countGap(countGap([], rejoined), retried))).toBe(61);
    // A later gap, read from where the first one's answer left the feed complete, adds its own.
    const later: GapCount = { since: rejoined.until, until: '2026-01-01T11:00:00.000Z', unlisted: 5 };
    expect(unlistedOf(countGap(countGap(countGap([], rejoined), later), retried))).toBe(66);
  });

  it('counts overlapping gaps once when an older catch-up answers after a later gap was counted', () => {
    // Away from 09:00; rejoined at 10:00 (catch-up A, held), dropped again and rejoined at 10:05
    // (catch-up B, from 09:00 too: A has not answered). A answers: complete until 10:00. Dropped
    // again, rejoined at 11:00: catch-up C reads from 10:00. B answers last, or before C.
    const first: GapCount = { since: '2026-01-01T09:00:00.000Z', until: '2026-01-01T10:00:00.000Z', unlisted: 60 }; // A
    const wider: GapCount = { since: first.since, until: '2026-01-01T10:05:00.000Z', unlisted: 70 }; // B: A's 60 and 10 from 10:00 to 10:05
    const next: GapCount = { since: first.until, until: '2026-01-01T11:00:00.000Z', unlisted: 15 }; // C: B's 10 from 10:00 to 10:05, and 5 more
    // 09:00–10:00 counted by A, 10:00–11:00 by C: B's answer adds nothing, whenever it comes.
    expect(unlistedOf(countGap(countGap(countGap([], first), next), wider))).toBe(75);
    expect(unlistedOf(countGap(countGap([], first), wider))).toBe(70);
    expect(unlistedOf(countGap(countGap(countGap([], first), wider), next))).toBe(75);
  });
});
