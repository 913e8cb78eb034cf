import { highlightSegments, queryStems } from './highlight.js';

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((s) => s.match)
    .map((s) => s.text);

describe('highlightSegments', () => {
  it('marks the words of the query, whatever their case, accents and endings', () => {
    expect(marked('Refunded orders: the REFUND reaches your café card.', 'refunds cafe')).toEqual([
      'Refunded',
      'REFUND',
      'café',
    ]);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'Invoice code ZX-4471 covers <b>damaged</b> parcels.';
    expect(
      highlightSegments(text, 'zx 4471 damaged')
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
    expect(marked(text, 'zx 4471 damaged')).toEqual(['ZX', '4471', 'damaged']);
  });

  it('ignores stop words and marks nothing for a query of only those', () => {
    expect(queryStems('how do I get my money back')).toEqual(['get', 'money', 'back']);
    expect(highlightSegments('what is it', 'what is')).toEqual([
      { text: 'what is it', match: false },
    ]);
  });
});
