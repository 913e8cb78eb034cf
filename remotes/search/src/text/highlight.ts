// Which parts of a passage match the query's words, as segments the UI renders as text inside
// <mark> — never as HTML. A query word matches a word of the text that starts with it, or with
// its first letters when it is long ("refunds" finds "refund", "refunded").

export interface Segment {
  text: string;
  match: boolean;
}

const STOP_WORDS = new Set(
  'a an and are as at be by do does for from how i in is it my of on or our the to was we what when where which who why with you your'.split(
    ' ',
  ),
);

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The stems a text's words are matched against: lower case, accents off, stop words out. */
export function queryStems(query: string): string[] {
  const words = fold(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  const stems = words
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((w) => (w.length > 5 ? w.slice(0, w.length - 2) : w));
  return [...new Set(stems)];
}

export function highlightSegments(text: string, query: string): Segment[] {
  const stems = queryStems(query);
  if (stems.length === 0) return text === '' ? [] : [{ text, match: false }];
  const segments: Segment[] = [];
  let last = 0;
  const word = /[\p{L}\p{N}]+/gu;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    const folded = fold(m[0]);
    if (!stems.some((stem) => folded.startsWith(stem))) continue;
    if (m.index > last) segments.push({ text: text.slice(last, m.index), match: false });
    segments.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
