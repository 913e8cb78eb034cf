import { isRestError } from '../errors.js';
import { parseSelect } from './select.js';

function parseError(input: string) {
  try {
    parseSelect(input);
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error(`expected ${input} to fail`);
}

describe('parseSelect', () => {
  it('reads columns, aliases and casts', () => {
    expect(parseSelect('id,name:username,age::text')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      { kind: 'field', alias: 'name', field: { name: 'username', jsonPath: [] } },
      { kind: 'field', field: { name: 'age', jsonPath: [] }, cast: 'text' },
    ]);
  });

  it('defaults to * when empty', () => {
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it('reads JSON paths with keys, indexes and the text arrow', () => {
    expect(parseSelect('data->a->0->>b,x:data->-1')).toEqual([
      {
        kind: 'field',
        field: {
          name: 'data',
          jsonPath: [
            { op: '->', key: 'a' },
            { op: '->', key: 0 },
            { op: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'field', alias: 'x', field: { name: 'data', jsonPath: [{ op: '->', key: -1 }] } },
    ]);
  });

  it('reads count() and aggregates with input and output casts', () => {
    expect(parseSelect('count(),total:amount::int.sum()::text,score.avg()')).toEqual([
      { kind: 'count' },
      {
        kind: 'field',
        alias: 'total',
        field: { name: 'amount', jsonPath: [] },
        cast: 'int',
        aggregate: 'sum',
        aggregateCast: 'text',
      },
      { kind: 'field', field: { name: 'score', jsonPath: [] }, aggregate: 'avg' },
    ]);
  });

  it('reads embeds with alias, hint, inner join, spread, nesting and empty selects', () => {
    expect(
      parseSelect(
        'id,author:users!author_id!inner(name,profile:profiles(bio)),...channels(slug),tags!left()',
      ),
    ).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      {
        kind: 'embed',
        alias: 'author',
        name: 'users',
        hint: 'author_id',
        join: 'inner',
        spread: false,
        select: [
          { kind: 'field', field: { name: 'name', jsonPath: [] } },
          {
            kind: 'embed',
            alias: 'profile',
            name: 'profiles',
            join: 'left',
            spread: false,
            select: [{ kind: 'field', field: { name: 'bio', jsonPath: [] } }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'channels',
        join: 'left',
        spread: true,
        select: [{ kind: 'field', field: { name: 'slug', jsonPath: [] } }],
      },
      { kind: 'embed', name: 'tags', join: 'left', spread: false, select: [] },
    ]);
  });

  it('reads quoted names with commas, spaces and escaped quotes', () => {
    expect(parseSelect('"a,b":"my col","x\\"y"')).toEqual([
      { kind: 'field', alias: 'a,b', field: { name: 'my col', jsonPath: [] } },
      { kind: 'field', field: { name: 'x"y', jsonPath: [] } },
    ]);
  });

  it('allows dashes inside names but not the arrow', () => {
    expect(parseSelect('first-name')).toEqual([
      { kind: 'field', field: { name: 'first-name', jsonPath: [] } },
    ]);
  });

  it.each([
    ['id,', 1 + 3, 'unexpected end of input'],
    ['id,((', 4, 'unexpected "("'],
    ['users(id', 9, 'unexpected end of input'],
    ['id.foo()', 4, 'expecting "count()"'],
    ['a::', 4, 'expecting type name'],
    ['"unterminated', 1, 'closing'],
    ['x!a!b(id)', 6, 'only one hint'],
    ['a:...b(c)', 3, 'spread cannot have an alias'],
  ])('refuses %s with PGRST100 at the right column', (input, column, details) => {
    const error = parseError(input);
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `${JSON.stringify(`failed to parse select parameter (${input})`)} (line 1, column ${column})`,
    );
    expect(String(error.details)).toContain(details);
  });

  it('refuses NUL characters, which Postgres cannot take in a statement', () => {
    expect(parseError('id\u0000').code).toBe('PGRST100');
  });
});
