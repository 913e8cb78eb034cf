import { postgresChangesFilter } from '@supabase/realtime-js';
import { buildFilterSql, describeFilters, FilterParseError, parseFilter } from './filter.js';

describe('postgres_changes filters', () => {
  it('reads the single conditions Realtime documents', () => {
    expect(parseFilter('id=eq.1')).toEqual([
      { column: 'id', operator: 'eq', negate: false, value: '1' },
    ]);
    for (const op of ['neq', 'lt', 'lte', 'gt', 'gte']) {
      expect(parseFilter(`age=${op}.30`)).toEqual([
        { column: 'age', operator: op, negate: false, value: '30' },
      ]);
    }
    expect(parseFilter('status=in.(open,closed)')[0]?.value).toEqual(['open', 'closed']);
    expect(parseFilter('')).toEqual([]);
    expect(parseFilter(undefined)).toEqual([]);
  });

  it('reads what the client filter builder writes: AND lists, not., quoted values', () => {
    const built = postgresChangesFilter()
      .eq('id', 1)
      .lt('age', 30)
      .in('name', ['a,b', 'c"d', 'plain'])
      .not('status', 'in', ['draft'])
      .is('deleted_at', null)
      .build();
    expect(parseFilter(built)).toEqual([
      { column: 'id', operator: 'eq', negate: false, value: '1' },
      { column: 'age', operator: 'lt', negate: false, value: '30' },
      { column: 'name', operator: 'in', negate: false, value: ['a,b', 'c"d', 'plain'] },
      { column: 'status', operator: 'in', negate: true, value: ['draft'] },
      { column: 'deleted_at', operator: 'is', negate: false, value: 'null' },
    ]);
    expect(parseFilter('title=eq."a, b"')[0]?.value).toBe('a, b');
  });

  it('explains what is wrong with a filter', () => {
    expect(() => parseFilter('id')).toThrow(FilterParseError);
    expect(() => parseFilter('id=between.1')).toThrow(/not a filter operator/);
    expect(() => parseFilter('id=in.1,2')).toThrow(/list in parentheses/);
    expect(() => parseFilter('id=in.()')).toThrow(/at least one value/);
    expect(() => parseFilter('x=is.maybe')).toThrow(/null, true, false or unknown/);
    expect(() => parseFilter('x=eq."open')).toThrow(/unterminated/);
  });

  it('builds SQL with values only as parameters and quoted columns', () => {
    const params: unknown[] = [];
    const conditions = parseFilter('id=eq.1,name=in.(x,y),deleted=not.is.null,title=ilike.%a%');
    conditions[1]!.column = 'na"me';
    const sql = buildFilterSql(conditions, params);
    expect(sql).toBe(
      'coalesce((r."id" = $1), false) and coalesce((r."na""me" in ($2, $3)), false) and ' +
        'coalesce(not (r."deleted" is null), false) and coalesce((r."title"::text ilike $4::text), false)',
    );
    expect(params).toEqual(['1', 'x', 'y', '%a%']);
    expect(buildFilterSql([], [])).toBe('true');
  });

  it('describes filters the way Realtime echoes them in errors', () => {
    expect(describeFilters(parseFilter('notacolumn=eq.123'))).toBe(
      '[{"notacolumn", "eq", "123", false}]',
    );
    expect(describeFilters([])).toBe('[]');
  });
});
