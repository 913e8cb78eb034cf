import { isRestError } from '../errors.js';
import { parseQuery } from './query.js';

describe('parseQuery', () => {
  it('splits filters, logic trees and modifiers by embedding level', () => {
    const query = parseQuery([
      ['select', 'id,comments(id,author(name))'],
      ['id', 'gt.1'],
      ['or', '(a.eq.1,b.eq.2)'],
      ['not.and', '(a.eq.1,b.eq.2)'],
      ['comments.order', 'id.desc'],
      ['comments.limit', '2'],
      ['comments.offset', '1'],
      ['comments.author.name', 'eq.x'],
      ['comments.or', '(id.eq.1)'],
      ['order', 'id'],
      ['limit', '10'],
      ['offset', '5'],
      ['apikey', 'ignored'],
    ]);
    expect(query.select).toHaveLength(2);
    const root = query.levels.get('')!;
    expect(root.conditions.map((c) => c.kind)).toEqual(['filter', 'logic', 'logic']);
    expect(root.conditions[2]).toMatchObject({ operator: 'and', negated: true });
    expect(root).toMatchObject({ limit: 10, offset: 5, order: [{ field: { name: 'id' } }] });
    expect(query.levels.get('comments')).toMatchObject({
      limit: 2,
      offset: 1,
      order: [{ direction: 'desc' }],
    });
    expect(query.levels.get('comments')!.conditions).toHaveLength(1);
    expect(query.levels.get('comments.author')!.conditions[0]).toMatchObject({
      field: { name: 'name' },
    });
  });

  it('reads columns and on_conflict, quoted or not', () => {
    const query = parseQuery([
      ['columns', '"a","b c"'],
      ['on_conflict', 'x,y'],
    ]);
    expect(query.columns).toEqual(['a', 'b c']);
    expect(query.onConflict).toEqual(['x', 'y']);
  });

  it('reads filters on JSON paths and quoted column names', () => {
    const query = parseQuery([
      ['data->a->>b', 'eq.1'],
      ['"order"', 'eq.2'],
    ]);
    expect(query.levels.get('')!.conditions).toMatchObject([
      { field: { name: 'data', jsonPath: [{ key: 'a' }, { key: 'b' }] } },
      { field: { name: 'order' } },
    ]);
  });

  it('leaves rpc arguments alone', () => {
    const query = parseQuery(
      [
        ['n', '5'],
        ['id', 'eq.1'],
      ],
      { isArgument: (k) => k === 'n' },
    );
    expect(query.levels.get('')!.conditions).toHaveLength(1);
  });

  it('answers a negative limit with 416 PGRST103, as PostgREST', () => {
    let error: unknown;
    try {
      parseQuery([['limit', '-1']]);
    } catch (e) {
      error = e;
    }
    expect(isRestError(error) && [error.status, error.code, error.details]).toEqual([
      416,
      'PGRST103',
      'Limit should be greater than or equal to zero.',
    ]);
  });

  it.each([
    ['limit', 'ten'],
    ['offset', ''],
    ['x', 'nope'],
    ['a..b', 'eq.1'],
  ])('refuses %s=%s with PGRST100', (key, value) => {
    let code = '';
    try {
      parseQuery([[key, value]]);
    } catch (error) {
      if (isRestError(error)) code = error.code;
    }
    expect(code).toBe('PGRST100');
  });
});
