import { isStorageError } from '../errors.js';
import { translateFilter } from './filter.js';

function messageOf(filter: unknown, nonFilterable: string[] = []): string {
  try {
    translateFilter(filter, [], { nonFilterableKeys: new Set(nonFilterable) });
  } catch (error) {
    return isStorageError(error) ? error.message : `not a storage error: ${String(error)}`;
  }
  return 'no error';
}

describe('translateFilter', () => {
  it('keeps every value out of the SQL text, as numbered parameters after the existing ones', () => {
    const params: unknown[] = ['index-id', '[1,2]'];
    const sql = translateFilter({ "genre'; drop table x; --": 'drama', year: { $gte: 2000 } }, params);
    expect(params).toEqual(['index-id', '[1,2]', "genre'; drop table x; --", '"drama"', 'year', 2000]);
    expect(sql).not.toContain('drop table');
    expect(sql).toMatch(/\$3/);
    expect(sql).toMatch(/\$6::numeric/);
  });

  it('encodes values as JSON so types are kept ("2020" is not 2020)', () => {
    const params: unknown[] = [];
    translateFilter({ $or: [{ year: 2020 }, { year: '2020' }, { flag: true }] }, params);
    expect(params).toEqual(['year', '2020', 'year', '"2020"', 'flag', 'true']);
  });

  it('joins fields with AND and $or branches with OR', () => {
    const sql = translateFilter({ $or: [{ a: 1, b: 2 }, { c: { $exists: false } }] }, []);
    expect(sql).toMatch(/^\(.* and .*\) or \(.*is null\)$/s);
  });

  it('says what is wrong with a bad filter', () => {
    expect(messageOf('drama')).toMatch(/a filter is a JSON object/);
    expect(messageOf({ a: { $between: [1, 2] } })).toMatch(/unknown operator \$between on a/);
    expect(messageOf({ a: { $lt: Number.POSITIVE_INFINITY } })).toMatch(/\$lt needs a finite number/);
    expect(messageOf({ a: { $in: [1, { b: 2 }] } })).toMatch(/a\.\$in\[1\] must be a string, a finite number or a boolean/);
    expect(messageOf({ a: null })).toMatch(/a\.\$eq must be a string/);
    expect(messageOf({ a: {} })).toMatch(/empty object/);
    expect(messageOf({ $and: {} })).toMatch(/\$and needs a non-empty array/);
    expect(messageOf({ secret: 'x' }, ['secret'])).toMatch(/non-filterable/);
    expect(messageOf({ $or: [{ ok: 1 }, { secret: { $exists: true } }] }, ['secret'])).toMatch(/non-filterable/);
  });
});
