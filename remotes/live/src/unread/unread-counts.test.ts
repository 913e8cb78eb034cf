import { badgeFor, countsFromRows, mentionsFromRows, sameCounts, withoutRoom } from './unread-counts.js';

describe('unread counts', () => {
  it('reads the database’s rows (bigint counts arrive as numbers or strings)', () => {
    const counts = countsFromRows([
      { project_id: 1, unread: 2 },
      { project_id: '2', unread: '1' },
      { project_id: 3, unread: 0 },
    ]);
    expect([...counts]).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(() => countsFromRows([{ project_id: 1, unread: -1 }])).toThrow();
    expect([...mentionsFromRows([{ project_id: 1, unread: 2, mentions: '1' }, { project_id: 2, unread: 1, mentions: 0 }, { project_id: 3, unread: 1 }])]).toEqual([[1, 1]]);
  });

  it('leaves out the room on screen, and compares counts by value', () => {
    const counts = new Map([
      [1, 2],
      [2, 1],
    ]);
    expect([...withoutRoom(counts, 1)]).toEqual([[2, 1]]);
    expect(withoutRoom(counts, 5)).toBe(counts);
    expect(withoutRoom(counts, null)).toBe(counts);
    expect(sameCounts(counts, new Map([[2, 1], [1, 2]]))).toBe(true);
    expect(sameCounts(counts, new Map([[1, 2]]))).toBe(false);
  });

  it('makes one badge with the total and each room in words, or none', () => {
    const names = new Map([
      [1, 'Launch website'],
      [2, 'Home renovation'],
    ]);
    expect(badgeFor(new Map([[2, 1], [1, 2], [7, 1]]), names)).toEqual({
      count: 4,
      label: '4 unread messages: Launch website 2, Home renovation 1, project 7 1',
    });
    expect(badgeFor(new Map([[1, 1]]), names)).toEqual({ count: 1, label: '1 unread message: Launch website 1' });
    expect(badgeFor(new Map(), names)).toBeNull();
    expect(badgeFor(new Map([[1, 3], [2, 1]]), names, new Map([[1, 2], [5, 1]]))).toEqual({
      count: 4,
      label: '4 unread messages: Launch website 3, Home renovation 1; 2 mention you',
    });
  });
});
