import { addItems, itemFromChange, itemsFromCatchUp } from './activity-feed.js';

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
});
