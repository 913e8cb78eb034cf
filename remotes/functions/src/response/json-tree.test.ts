import { collapsedBeyond, jsonRows } from './json-tree.js';

describe('jsonRows', () => {
  const value = { name: 'Ada', tags: ['a', 1, true, null], nested: { deep: { x: 1 } } };

  it('lays a value out as rows with paths, keys, types and brackets', () => {
    const rows = jsonRows(value, new Set());
    expect(
      rows.map((row) => [
        row.path,
        row.kind === 'value'
          ? row.text
          : row.kind === 'open'
            ? `${row.bracket}${row.count}`
            : row.bracket,
      ]),
    ).toEqual([
      ['$', '{3'],
      ['$.name', '"Ada"'],
      ['$.tags', '[4'],
      ['$.tags[0]', '"a"'],
      ['$.tags[1]', '1'],
      ['$.tags[2]', 'true'],
      ['$.tags[3]', 'null'],
      ['$.tags#end', ']'],
      ['$.nested', '{1'],
      ['$.nested.deep', '{1'],
      ['$.nested.deep.x', '1'],
      ['$.nested.deep#end', '}'],
      ['$.nested#end', '}'],
      ['$#end', '}'],
    ]);
    expect(rows.find((row) => row.path === '$.tags[1]')).toMatchObject({
      key: null,
      depth: 2,
      type: 'number',
    });
    expect(rows.find((row) => row.path === '$.name')).toMatchObject({
      key: 'name',
      depth: 1,
      type: 'string',
    });
  });

  it('hides what a collapsed node holds', () => {
    const rows = jsonRows(value, new Set(['$.tags', '$.nested']));
    expect(rows.map((row) => row.path)).toEqual(['$', '$.name', '$.tags', '$.nested', '$#end']);
    expect(rows[2]).toMatchObject({ kind: 'open', collapsed: true, count: 4 });
  });

  it('shows a scalar answer as one row', () => {
    expect(jsonRows('hi', new Set())).toEqual([
      { path: '$', depth: 0, key: null, kind: 'value', type: 'string', text: '"hi"' },
    ]);
  });
});

it('collapsedBeyond closes the nodes deeper than a level', () => {
  expect([...collapsedBeyond({ a: { b: { c: 1 } }, d: [1, [2]] }, 2)].sort()).toEqual([
    '$.a.b',
    '$.d[1]',
  ]);
});
