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
        '3," padded ",,,,=1+1\r\n',
    );
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
