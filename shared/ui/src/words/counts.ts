// Counts in words: the noun's form follows the number as English's plural rules say (Intl), and
// the number is grouped as people read it ("1,040").

/** A noun whose plural adds an "s", or both of its forms ("child", "children"). */
export type Noun = string | { one: string; other: string };

/**
 * Made at the first count written, not when this module runs: a page's first `Intl` object loads
 * the locale's data, 60–110 ms of a phone's CPU, and a module runs in the same task as the rest of
 * its chunk — the search remote's code held the main thread 130 ms in one task, 84 of them these
 * two, though its first screen writes no count (issue #40).
 */
let intl: { plural: Intl.PluralRules; number: Intl.NumberFormat } | null = null;
const words = () => (intl ??= { plural: new Intl.PluralRules('en'), number: new Intl.NumberFormat('en') });

function forms(noun: Noun): { one: string; other: string } {
  return typeof noun === 'string' ? { one: noun, other: `${noun}s` } : noun;
}

/** "0 passages", "1 passage", "1,040 passages". */
export function countOf(count: number, noun: Noun): string {
  const { one, other } = forms(noun);
  const { number, plural } = words();
  return `${number.format(count)} ${plural.select(count) === 'one' ? one : other}`;
}

/** "80–126 characters"; a range of one number is that number ("126 characters", "1 character"). */
export function countRange(least: number, most: number, noun: Noun): string {
  if (least === most) return countOf(least, noun);
  const [low, high] = least < most ? [least, most] : [most, least];
  const { number } = words();
  return `${number.format(low)}–${number.format(high)} ${forms(noun).other}`;
}
