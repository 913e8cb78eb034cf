import { parseCsvTable } from './csv.js';

describe('CSV previews', () => {
  it('splits quoted fields with commas and newlines, pads short rows and names blank headers', () => {
    const table = parseCsvTable(
      '\uFEFFday,opens,\nMonday,"9:00, or 10:00",note\n"Tue\nsday",8:00\n\n',
    );
    expect(table.header).toEqual(['day', 'opens', 'Column 3']);
    expect(table.rows).toEqual([
      ['Monday', '9:00, or 10:00', 'note'],
      ['Tue\nsday', '8:00', ''],
    ]);
    expect(table.totalRows).toBe(2);
  });

  it('guesses the delimiter, shows only the first rows but counts them all, and reports a broken quote', () => {
    const many = ['a;b', ...Array.from({ length: 20 }, (_, n) => `${n};x`)].join('\n');
    const table = parseCsvTable(many, 5);
    expect(table.header).toEqual(['a', 'b']);
    expect(table.rows).toHaveLength(5);
    expect(table.totalRows).toBe(20);
    expect(parseCsvTable('a,b\n"open,1').problem).toMatch(/^Row \d+: .*quote/i);
  });
});
