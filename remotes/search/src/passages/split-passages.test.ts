import { splitPassages } from './split-passages.js';

const words = (n: number, word = 'word') =>
  Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('splitPassages', () => {
  it('keeps a short text whole, as one exact range', () => {
    const text = '  Refunds take five days.\nAsk support if not.\n\n';
    const [only, ...rest] = splitPassages(text);
    expect(rest).toEqual([]);
    expect(only).toEqual({
      heading: null,
      text: 'Refunds take five days.\nAsk support if not.',
      start: 2,
      end: 45,
    });
    expect(text.slice(only!.start, only!.end)).toBe(only!.text);
  });

  it('starts a passage at each heading and names the section', () => {
    const text =
      '# Refunds\n\nMoney back in five days.\n\n## Shipping ##\n\nParcels leave on weekdays.\n\nTracking by email.';
    const passages = splitPassages(text);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['Refunds', '# Refunds\n\nMoney back in five days.'],
      ['Shipping', '## Shipping ##\n\nParcels leave on weekdays.\n\nTracking by email.'],
    ]);
  });

  it('packs whole paragraphs up to the size, and repeats the end of a passage at the start of the next', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${i}. ${words(12, `p${i}w`)}.`,
    );
    const text = paragraphs.join('\n\n');
    const passages = splitPassages(text, { maxChars: 250, overlapChars: 40 });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(text.slice(p.start, p.end)).toBe(p.text);
      expect(p.text.length).toBeLessThanOrEqual(250 + 40);
    }
    for (let i = 1; i < passages.length; i++) {
      // The next passage starts inside the previous one (overlap), at the start of a word.
      expect(passages[i]!.start).toBeLessThan(passages[i - 1]!.end);
      expect(passages[i]!.start).toBeGreaterThan(passages[i - 1]!.start);
      expect(/\s/.test(text[passages[i]!.start - 1]!)).toBe(true);
    }
    // Every paragraph is inside some passage whole.
    for (const paragraph of paragraphs)
      expect(passages.some((p) => p.text.includes(paragraph))).toBe(true);
  });

  it('cuts a paragraph longer than the size at sentence ends', () => {
    const sentences = Array.from(
      { length: 20 },
      (_, i) => `Sentence number ${i} says something short.`,
    );
    const text = sentences.join(' ');
    const passages = splitPassages(text, { maxChars: 200, overlapChars: 0 });
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(200);
      expect(p.text.endsWith('.')).toBe(true);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(text);
  });

  it('cuts between words when a paragraph has no sentence ends', () => {
    const text = words(200);
    const passages = splitPassages(text, { maxChars: 120, overlapChars: 0 });
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(120);
      expect(p.text).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(text);
  });

  it('never carries the overlap across a heading', () => {
    const text = `# One\n\n${words(60, 'a')}\n\n# Two\n\n${words(5, 'b')}`;
    const passages = splitPassages(text, { maxChars: 200, overlapChars: 60 });
    const two = passages.find((p) => p.heading === 'Two')!;
    expect(two.text).toBe(`# Two\n\n${words(5, 'b')}`);
  });

  it('gives no passages for blank text', () => {
    expect(splitPassages(' \n\n \n')).toEqual([]);
  });
});
