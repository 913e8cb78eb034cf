import { arrayLiteral, inList, likeLiteral, splitList, treeColumn, treeValue } from './postgrest-syntax.js';

describe('PostgREST quoting', () => {
  it('quotes in-list items only when PostgREST would misread them', () => {
    expect(inList(['a', 'b c', 'x,y', 'p(q)', 'say "hi"', 'back\\slash', ' pad', ''])).toBe(
      '(a,b c,"x,y","p(q)","say \\"hi\\"","back\\\\slash"," pad","")',
    );
  });

  it('writes Postgres array literals', () => {
    expect(arrayLiteral(['web', 'two words', 'a,b', '{x}', 'NULL', 'null', ''])).toBe('{web,"two words","a,b","{x}","NULL","null",""}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes values and odd column names inside logic trees', () => {
    expect(treeValue('tiles')).toBe('tiles');
    expect(treeValue('three quotes, please')).toBe('"three quotes, please"');
    expect(treeValue('v1.2')).toBe('"v1.2"');
    expect(treeValue('a:b')).toBe('"a:b"');
    expect(treeColumn('title')).toBe('title');
    expect(treeColumn('Full Name')).toBe('"Full Name"');
  });

  it('escapes LIKE metacharacters so text matches literally', () => {
    expect(likeLiteral('100%_done\\')).toBe('100\\%\\_done\\\\');
  });

  it('splits comma lists, trimming and dropping empty items', () => {
    expect(splitList(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });
});
