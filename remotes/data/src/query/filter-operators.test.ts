import { sampleColumn } from '../schema/sample-openapi.js';
import { checkFilter, filterCondition, operatorsFor, type Filter } from './filter-operators.js';

const column = (name: string) => sampleColumn('orders', name);
const ids = (name: string) => operatorsFor(column(name)).map((o) => o.id);

describe('operatorsFor', () => {
  it('offers operators that fit the column’s kind, and NULL tests only for nullable columns', () => {
    expect(ids('reference')).toEqual(['contains', 'startswith', 'eq', 'neq', 'in']);
    expect(ids('note')).toEqual(['contains', 'startswith', 'eq', 'neq', 'in', 'isnull', 'notnull']);
    expect(ids('quantity')).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'isnull', 'notnull']);
    expect(ids('paid')).toEqual(['istrue', 'isfalse']);
    expect(ids('due_on')).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isnull', 'notnull']);
    expect(ids('status')).toEqual(['eq', 'neq', 'in']);
    expect(ids('customer_id')).toEqual(['eq', 'neq', 'in']);
    expect(ids('tags')).toEqual(['hasall', 'hasany']);
    expect(ids('extra')).toEqual(['jsoncontains']);
  });

  it('words comparisons for dates as before/after', () => {
    expect(operatorsFor(column('due_on')).find((o) => o.id === 'lt')?.label).toBe('is before');
    expect(operatorsFor(column('quantity')).find((o) => o.id === 'lt')?.label).toBe('is less than');
  });
});

describe('checkFilter', () => {
  const check = (name: string, operator: Filter['operator'], value: string) => checkFilter(column(name), { column: name, operator, value });

  it('checks values as the column’s type', () => {
    expect(check('quantity', 'gt', 'many')).toBe('Enter a whole number (digits only), e.g. 42.');
    expect(check('quantity', 'gt', '3')).toBeNull();
    expect(check('quantity', 'in', '1, x')).toBe('“x”: Enter a whole number (digits only), e.g. 42.');
    expect(check('due_on', 'lt', '2026-13-01')).toMatch(/YYYY-MM-DD/);
    expect(check('extra', 'jsoncontains', '{broken')).toMatch(/^Not valid JSON/);
    expect(check('lucky_numbers', 'hasany', '7, x')).toBe('“x”: Enter a whole number (digits only), e.g. 42.');
  });

  it('asks for a value where one is needed, and for none otherwise', () => {
    expect(check('note', 'contains', '')).toBe('Enter a value.');
    expect(check('note', 'in', ' , ')).toBe('Enter one or more values, separated by commas.');
    expect(check('note', 'isnull', '')).toBeNull();
    expect(check('paid', 'istrue', '')).toBeNull();
  });

  it('lets “contains” take any text, even longer than the column allows', () => {
    expect(check('reference', 'contains', 'a much longer piece of text')).toBeNull();
  });

  it('refuses operators the column does not offer', () => {
    expect(check('paid', 'gt', '1')).toBe('“gt” is not a filter for paid.');
  });
});

describe('filterCondition', () => {
  const condition = (name: string, operator: Filter['operator'], value = '') => filterCondition(column(name), { column: name, operator, value });

  it('turns text operators into case-insensitive patterns that match literally', () => {
    expect(condition('note', 'contains', '50%')).toEqual({ column: 'note', operator: 'ilike', value: '*50\\%*' });
    expect(condition('note', 'startswith', 'Re')).toEqual({ column: 'note', operator: 'ilike', value: 'Re*' });
  });

  it('sends comparisons with the value in the column’s own form', () => {
    expect(condition('quantity', 'gte', ' 5 ')).toEqual({ column: 'quantity', operator: 'gte', value: '5' });
    expect(condition('note', 'eq', 'a.b,c')).toEqual({ column: 'note', operator: 'eq', value: 'a.b,c' });
    expect(condition('placed_at', 'gt', '2026-03-01T10:00:00Z')).toEqual({ column: 'placed_at', operator: 'gt', value: '2026-03-01T10:00:00Z' });
    expect(condition('placed_at', 'lt', '2026-03-01T10:00').value).toBe(new Date(2026, 2, 1, 10, 0).toISOString());
  });

  it('builds lists, array literals and JSON containment', () => {
    expect(condition('status', 'in', 'open, shipped')).toEqual({ column: 'status', operator: 'in', value: '(open,shipped)' });
    expect(condition('note', 'in', 'a "b"')).toEqual({ column: 'note', operator: 'in', value: '("a \\"b\\"")' });
    expect(condition('tags', 'hasall', 'web, two words')).toEqual({ column: 'tags', operator: 'cs', value: '{web,"two words"}' });
    expect(condition('tags', 'hasany', 'a')).toEqual({ column: 'tags', operator: 'ov', value: '{a}' });
    expect(condition('extra', 'jsoncontains', '{ "k" : 1 }')).toEqual({ column: 'extra', operator: 'cs', value: '{"k":1}' });
  });

  it('tests booleans and NULL with `is`', () => {
    expect(condition('paid', 'istrue')).toEqual({ column: 'paid', operator: 'is', value: 'true' });
    expect(condition('paid', 'isfalse')).toEqual({ column: 'paid', operator: 'is', value: 'false' });
    expect(condition('note', 'isnull')).toEqual({ column: 'note', operator: 'is', value: 'null' });
    expect(condition('note', 'notnull')).toEqual({ column: 'note', operator: 'not.is', value: 'null' });
  });
});
