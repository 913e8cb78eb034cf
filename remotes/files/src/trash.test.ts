import {
  areaRootOf,
  isExpired,
  isInTrash,
  planRestore,
  planTrash,
  trashItems,
  TRASH_DAYS,
} from './trash.js';

const ME = '0b7c7e5e-1a2b-4c3d-8e9f-0123456789ab';
const DELETED = Date.UTC(2025, 0, 2, 10, 0, 0);

describe('the trash, as names in storage', () => {
  it('knows the area of a name and whether it is in the area’s trash', () => {
    expect(areaRootOf(`${ME}/a/b.txt`)).toBe(`${ME}/`);
    expect(areaRootOf('projects/12/plan.txt')).toBe('projects/12/');
    expect(areaRootOf('logo.png')).toBeNull();
    expect(isInTrash(`${ME}/.trash/1-x-0/b.txt`)).toBe(true);
    expect(isInTrash(`${ME}/docs/.trash/b.txt`)).toBe(false);
  });

  it('moves a file and a folder of one folder into one deletion, keeping their paths', () => {
    const moves = planTrash(
      `${ME}/`,
      `${ME}/docs/2024/`,
      [
        { kind: 'file', key: `${ME}/docs/2024/a.txt` },
        { kind: 'folder', key: `${ME}/docs/2024/old/` },
      ],
      { [`${ME}/docs/2024/old/`]: [`${ME}/docs/2024/old/x.txt`, `${ME}/docs/2024/old/deep/y.txt`] },
      DELETED,
      'tag123',
    );
    const stamp = `${ME}/.trash/${DELETED}-tag123-2`;
    expect(moves).toEqual([
      { from: `${ME}/docs/2024/a.txt`, to: `${stamp}/docs/2024/a.txt` },
      { from: `${ME}/docs/2024/old/x.txt`, to: `${stamp}/docs/2024/old/x.txt` },
      { from: `${ME}/docs/2024/old/deep/y.txt`, to: `${stamp}/docs/2024/old/deep/y.txt` },
    ]);

    // Listed back: one item per deleted entry, with where it was; restored to the same names.
    const items = trashItems(
      `${ME}/`,
      moves.map((move, i) => ({ key: move.to, size: 10 * (i + 1) })),
    );
    expect(items.map((item) => [item.name, item.kind, item.parent, item.originalKey, item.size])).toEqual([
      ['a.txt', 'file', `${ME}/docs/2024/`, `${ME}/docs/2024/a.txt`, 10],
      ['old', 'folder', `${ME}/docs/2024/`, `${ME}/docs/2024/old`, 50],
    ]);
    expect(items[0]!.deletedAt.getTime()).toBe(DELETED);
    expect(items.flatMap((item) => planRestore(`${ME}/`, item))).toEqual(
      moves.map((move) => ({ from: move.to, to: move.from })),
    );
    // "Keep both": the folder comes back under another name, its inside as it was.
    expect(planRestore(`${ME}/`, items[1]!, 'old (1)')).toEqual([
      { from: `${stamp}/docs/2024/old/x.txt`, to: `${ME}/docs/2024/old (1)/x.txt` },
      { from: `${stamp}/docs/2024/old/deep/y.txt`, to: `${ME}/docs/2024/old (1)/deep/y.txt` },
    ]);
  });

  it('lists the newest deletion first, leaves out names of another shape, and says what has expired', () => {
    const items = trashItems('projects/7/', [
      { key: `projects/7/.trash/${DELETED}-aa-0/first.txt`, size: 1 },
      { key: `projects/7/.trash/${DELETED + 5}-bb-0/second.txt`, size: 1 },
      { key: 'projects/7/.trash/not-a-stamp/x.txt', size: 1 },
      { key: `projects/7/.trash/${DELETED}-cc-3/too/short.txt`, size: 1 },
    ]);
    expect(items.map((item) => item.name)).toEqual(['second.txt', 'first.txt']);
    expect(isExpired(items[1]!, DELETED + TRASH_DAYS * 86_400_000 - 1)).toBe(false);
    expect(isExpired(items[1]!, DELETED + TRASH_DAYS * 86_400_000 + 1)).toBe(true);
  });
});
