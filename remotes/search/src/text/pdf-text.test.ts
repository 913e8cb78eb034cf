import { describePages, joinPages, pagesOfRange, pageText, type PdfTextRun } from './pdf-text.js';

/** A run at baseline y, 12 units high. */
const run = (str: string, y: number, hasEOL = false): PdfTextRun => ({
  str,
  hasEOL,
  transform: [12, 0, 0, 12, 72, y],
  height: 12,
});

describe('pdf-text', () => {
  it('joins runs into lines, and lines far apart into paragraphs', () => {
    const text = pageText([
      run('Refunds are paid', 700),
      run(' back within', 700),
      run(' five days.', 700, true),
      run('Ask the desk for help.', 686, true),
      // 40 units lower than the line before: a new paragraph.
      run('Damaged   parcels', 646),
      run(' go back', 646, true),
      run('   ', 632, true),
    ]);
    expect(text).toBe(
      'Refunds are paid back within five days.\nAsk the desk for help.\n\nDamaged parcels go back',
    );
  });

  it('gives an empty text for a page without runs (a scanned page)', () => {
    expect(pageText([])).toBe('');
    expect(pageText([run(' ', 700, true)])).toBe('');
  });

  it('joins pages with a blank line and remembers where each starts', () => {
    const { text, pageStarts } = joinPages(['First page.', '', 'Third page.\n\nMore.']);
    expect(text).toBe('First page.\n\nThird page.\n\nMore.');
    expect(pageStarts).toEqual([0, 11, 13]);
    expect(text.slice(pageStarts[2])).toBe('Third page.\n\nMore.');
  });

  it('names the pages a passage spans', () => {
    const { text, pageStarts } = joinPages(['Alpha one.', 'Beta two.', 'Gamma three.']);
    const at = (word: string) => text.indexOf(word);
    expect(pagesOfRange(pageStarts, at('Alpha'), at('Alpha') + 10)).toEqual({ first: 1, last: 1 });
    expect(pagesOfRange(pageStarts, at('Beta'), at('Beta') + 9)).toEqual({ first: 2, last: 2 });
    expect(pagesOfRange(pageStarts, at('one'), text.length)).toEqual({ first: 1, last: 3 });
    expect(describePages({ first: 2, last: 2 })).toBe('page 2');
    expect(describePages({ first: 1, last: 3 })).toBe('pages 1–3');
  });
});
