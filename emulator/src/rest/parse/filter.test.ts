import { isRestError } from '../errors.js';
import { parseFilter, parseLogicTree } from './filter.js';
import type { Field } from './types.js';

const col = (name: string): Field => ({ name, jsonPath: [] });

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('parseFilter', () => {
  it.each([
    'eq',
    'neq',
    'gt',
    'gte',
    'lt',
    'lte',
    'like',
    'ilike',
    'match',
    'imatch',
    'isdistinct',
    'cs',
    'cd',
    'ov',
    'sl',
    'sr',
    'nxl',
    'nxr',
    'adj',
  ])('reads %s with the whole rest as the value', (op) => {
    expect(parseFilter(col('a'), `${op}.x,y(z).w`)).toEqual({
      kind: 'filter',
      field: col('a'),
      negated: false,
      operation: { op, value: 'x,y(z).w' },
    });
  });

  it('reads not., quantifiers and empty values', () => {
    expect(parseFilter(col('a'), 'not.eq.')).toMatchObject({
      negated: true,
      operation: { op: 'eq', value: '' },
    });
    expect(parseFilter(col('a'), 'like(any).{a*,b*}').operation).toEqual({
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parseFilter(col('a'), 'gt(all).{1,2}').operation).toEqual({
      op: 'gt',
      quantifier: 'all',
      value: '{1,2}',
    });
  });

  it('reads in lists with quoted values and escapes', () => {
    expect(parseFilter(col('a'), 'in.(1,"a,b","say \\"hi\\"",)').operation).toEqual({
      op: 'in',
      values: ['1', 'a,b', 'say "hi"', ''],
    });
    expect(parseFilter(col('a'), 'in.()').operation).toEqual({ op: 'in', values: [] });
  });

  it('reads is values case-insensitively', () => {
    expect(parseFilter(col('a'), 'is.NULL').operation).toEqual({ op: 'is', value: 'null' });
    expect(parseFilter(col('a'), 'not.is.not_null')).toMatchObject({
      negated: true,
      operation: { op: 'is', value: 'not_null' },
    });
    expect(failure(() => parseFilter(col('a'), 'is.maybe')).code).toBe('PGRST100');
  });

  it('reads full-text search with and without a configuration', () => {
    expect(parseFilter(col('t'), 'fts(english).cat & dog').operation).toEqual({
      op: 'fts',
      config: 'english',
      value: 'cat & dog',
    });
    expect(parseFilter(col('t'), 'wfts.cat or dog').operation).toEqual({
      op: 'wfts',
      value: 'cat or dog',
    });
    expect(parseFilter(col('t'), 'phfts(simple).a b').operation).toMatchObject({
      op: 'phfts',
      config: 'simple',
    });
    expect(parseFilter(col('t'), 'plfts.a').operation).toMatchObject({ op: 'plfts' });
  });

  it.each([
    ['john', 'failed to parse filter (john)'],
    ['eqq.1', 'failed to parse filter (eqq.1)'],
    ['eq', 'failed to parse filter (eq)'],
    ['eq(some).1', 'failed to parse filter (eq(some).1)'],
    ['in.(1,2', 'failed to parse filter (in.(1,2)'],
    ['in.1,2', 'failed to parse filter (in.1,2)'],
    ['not.not.eq.1', 'failed to parse filter (not.not.eq.1)'],
  ])('refuses %s with PGRST100', (value, message) => {
    const error = failure(() => parseFilter(col('a'), value));
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
    expect(error.message).toContain(JSON.stringify(message));
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or/not with JSON paths, arrays, lists and quoted values', () => {
    expect(
      parseLogicTree(
        'or',
        false,
        '(a.eq.1,not.and(b.gt.2,data->>k.is.null),tags.cs.{x,y},c.in.(1,2),d.eq."a,b)")',
      ),
    ).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      children: [
        { kind: 'filter', field: col('a'), negated: false, operation: { op: 'eq', value: '1' } },
        {
          kind: 'logic',
          operator: 'and',
          negated: true,
          children: [
            {
              kind: 'filter',
              field: col('b'),
              negated: false,
              operation: { op: 'gt', value: '2' },
            },
            {
              kind: 'filter',
              field: { name: 'data', jsonPath: [{ op: '->>', key: 'k' }] },
              negated: false,
              operation: { op: 'is', value: 'null' },
            },
          ],
        },
        {
          kind: 'filter',
          field: col('tags'),
          negated: false,
          operation: { op: 'cs', value: '{x,y}' },
        },
        {
          kind: 'filter',
          field: col('c'),
          negated: false,
          operation: { op: 'in', values: ['1', '2'] },
        },
        { kind: 'filter', field: col('d'), negated: false, operation: { op: 'eq', value: 'a,b)' } },
      ],
    });
  });

  it('keeps JSON objects with nested braces whole', () => {
    const tree = parseLogicTree('and', false, '(data.cs.{"a":{"b":1}},x.eq.1)');
    expect(tree.children[0]).toMatchObject({ operation: { op: 'cs', value: '{"a":{"b":1}}' } });
  });

  it('reads a negated filter inside a tree', () => {
    expect(parseLogicTree('or', true, '(a.not.eq.1)')).toMatchObject({
      negated: true,
      children: [{ negated: true }],
    });
  });

  it.each(['a.eq.1', '(a.eq.1', '()', '(a.eq.1,)', '(a)', '(and(a.eq.1)', '(a.eq.1))'])(
    'refuses %s with PGRST100',
    (value) => {
      const error = failure(() => parseLogicTree('or', false, value));
      expect(error.code).toBe('PGRST100');
      expect(error.message).toContain('failed to parse logic tree');
    },
  );
});
