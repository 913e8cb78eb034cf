import { sampleColumn } from '../schema/sample-openapi.js';
import { parseInput } from './parse-value.js';

const column = (name: string) => sampleColumn('orders', name);

describe('parseInput', () => {
  it('takes text as typed, within the column’s length', () => {
    expect(parseInput(column('note'), '  spaced  ')).toEqual({ ok: true, value: '  spaced  ' });
    expect(parseInput(column('reference'), 'ABCDEFGHIJKL')).toEqual({ ok: true, value: 'ABCDEFGHIJKL' });
    expect(parseInput(column('reference'), 'ABCDEFGHIJKLM')).toEqual({ ok: false, message: 'Use at most 12 characters.' });
  });

  it('refuses text in a number column, and numbers out of the type’s range', () => {
    expect(parseInput(column('quantity'), 'abc')).toEqual({ ok: false, message: 'Enter a whole number (digits only), e.g. 42.' });
    expect(parseInput(column('quantity'), '4.5').ok).toBe(false);
    expect(parseInput(column('quantity'), ' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseInput(column('quantity'), '2147483648')).toEqual({ ok: false, message: 'Enter a whole number from -2147483648 to 2147483647.' });
    expect(parseInput(column('quantity'), '-2147483648')).toEqual({ ok: true, value: -2147483648 });
  });

  it('keeps big integers exact as strings', () => {
    expect(parseInput(column('id'), '9007199254740993')).toEqual({ ok: true, value: '9007199254740993' });
    expect(parseInput(column('id'), '12')).toEqual({ ok: true, value: 12 });
  });

  it('reads decimals: numeric keeps its digits, floating point becomes a number', () => {
    expect(parseInput(column('total'), '10.50')).toEqual({ ok: true, value: '10.50' });
    expect(parseInput(column('weight'), '1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseInput(column('weight'), '1,5')).toEqual({ ok: false, message: 'Enter a number, e.g. 3.14.' });
    expect(parseInput(column('weight'), '')).toMatchObject({ ok: false });
  });

  it('reads booleans', () => {
    expect(parseInput(column('paid'), 'true')).toEqual({ ok: true, value: true });
    expect(parseInput(column('paid'), 'FALSE')).toEqual({ ok: true, value: false });
    expect(parseInput(column('paid'), 'yes')).toEqual({ ok: false, message: 'Choose true or false.' });
  });

  it('checks dates exist', () => {
    expect(parseInput(column('due_on'), '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(parseInput(column('due_on'), '2026-02-30').ok).toBe(false);
    expect(parseInput(column('due_on'), '28/02/2026').ok).toBe(false);
  });

  it('reads timestamps with a zone as given, and local wall-clock times as the person’s zone', () => {
    expect(parseInput(column('placed_at'), '2026-03-01T09:30:00+01:00')).toEqual({ ok: true, value: '2026-03-01T09:30:00+01:00' });
    const local = parseInput(column('placed_at'), '2026-03-01T09:30');
    expect(local).toEqual({ ok: true, value: new Date(2026, 2, 1, 9, 30).toISOString() });
    expect(parseInput(column('placed_at'), 'tomorrow').ok).toBe(false);
    expect(parseInput(column('local_time'), '2026-03-01 09:30:15')).toEqual({ ok: true, value: '2026-03-01T09:30:15' });
    expect(parseInput(column('local_time'), '2026-03-01').ok).toBe(false);
    expect(parseInput(column('opens_at'), '09:30')).toEqual({ ok: true, value: '09:30' });
    expect(parseInput(column('opens_at'), '25:00').ok).toBe(false);
  });

  it('checks uuids and enum values', () => {
    expect(parseInput(column('customer_id'), 'D0000000-0000-4000-8000-000000000001')).toEqual({ ok: true, value: 'd0000000-0000-4000-8000-000000000001' });
    expect(parseInput(column('customer_id'), 'd0000000').ok).toBe(false);
    expect(parseInput(column('status'), 'shipped')).toEqual({ ok: true, value: 'shipped' });
    expect(parseInput(column('status'), 'lost')).toEqual({ ok: false, message: 'Choose one of: open, shipped, cancelled.' });
  });

  it('reads JSON, and says where broken JSON breaks', () => {
    expect(parseInput(column('extra'), '{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseInput(column('extra'), 'null')).toEqual({ ok: true, value: null });
    const broken = parseInput(column('extra'), '{"a": ');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^Not valid JSON: /);
  });

  it('reads arrays as JSON arrays and checks each element', () => {
    expect(parseInput(column('tags'), '["a", "b c"]')).toEqual({ ok: true, value: ['a', 'b c'] });
    expect(parseInput(column('tags'), '')).toEqual({ ok: true, value: [] });
    expect(parseInput(column('tags'), 'a, b')).toMatchObject({ ok: false });
    expect(parseInput(column('tags'), '{"a": 1}')).toEqual({ ok: false, message: 'Enter a JSON array (in square brackets), e.g. ["a", "b"].' });
    expect(parseInput(column('tags'), '["a", 2]')).toEqual({ ok: false, message: 'Item 2 (2) is not text: put it in double quotes.' });
    expect(parseInput(column('lucky_numbers'), '[7, "13", null]')).toEqual({ ok: true, value: [7, '13', null] });
    expect(parseInput(column('lucky_numbers'), '[7, "x"]')).toEqual({ ok: false, message: 'Item 2 ("x") is not a whole number.' });
  });
});
