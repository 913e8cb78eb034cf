import { sampleColumn } from '../schema/sample-openapi.js';
import { cellText, describeDefault, editorText } from './format-value.js';
import { parseInput } from './parse-value.js';

describe('cellText', () => {
  it('shows values as one line of text', () => {
    expect(cellText('<b>not html</b>')).toBe('<b>not html</b>');
    expect(cellText(42)).toBe('42');
    expect(cellText(false)).toBe('false');
    expect(cellText(['a', 'b'])).toBe('["a","b"]');
    expect(cellText({ k: 1 })).toBe('{"k":1}');
    expect(cellText(null)).toBe('');
  });
});

describe('editorText', () => {
  it('round-trips through parseInput for every kind', () => {
    const cases: Array<[string, unknown]> = [
      ['note', 'hello'],
      ['quantity', 3],
      ['total', 10.5],
      ['paid', true],
      ['status', 'open'],
      ['tags', ['x', 'y z']],
      ['extra', { nested: { list: [1, null] } }],
      ['due_on', '2026-01-31'],
      ['placed_at', '2026-01-31T10:00:00+00:00'],
    ];
    for (const [name, value] of cases) {
      const column = sampleColumn('orders', name);
      const parsed = parseInput(column, editorText(column, value));
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(name === 'total' ? Number(parsed.value) : parsed.value).toEqual(value);
    }
  });

  it('pretty-prints JSON and starts empty for NULL', () => {
    expect(editorText(sampleColumn('orders', 'extra'), { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(editorText(sampleColumn('orders', 'note'), null)).toBe('');
  });
});

describe('describeDefault', () => {
  it('names the default a new row gets', () => {
    expect(describeDefault(sampleColumn('orders', 'placed_at'))).toBe('Default: the time it is added (now())');
    expect(describeDefault(sampleColumn('order_shares', 'shared_by'))).toBe('Default: you (auth.uid())');
    expect(describeDefault(sampleColumn('orders', 'paid'))).toBe('Default: false');
    expect(describeDefault(sampleColumn('orders', 'note'))).toBeNull();
  });
});
