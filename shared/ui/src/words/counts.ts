// Counts in words: the noun's form follows the number as English's plural rules say (Intl), and
// the number is grouped as people read it ("1,040").

/** A noun whose plural adds an "s", or both of its forms ("child", "children"). */
export type Noun = string | { one: string; other: string };

const PLURAL = new Intl.PluralRules('en');
const NUMBER = new Intl.NumberFormat('en');

function forms(noun: Noun): { one: string; other: string } {
  return typeof noun === 'string' ? { one: noun, other: `${noun}s` } : noun;
}

/** "0 passages", "1 passage", "1,040 passages". */
export function countOf(count: number, noun: Noun): string {
  const { one, other } = forms(noun);
  return `${NUMBER.format(count)} ${PLURAL.select(count) === 'one' ? one : other}`;
}

/** "80–126 characters"; a range of one number is that number ("126 characters", "1 character"). */
export function countRange(least: number, most: number, noun: Noun): string {
  if (least === most) return countOf(least, noun);
  const [low, high] = least < most ? [least, most] : [most, least];
  return `${NUMBER.format(low)}–${NUMBER.format(high)} ${forms(noun).other}`;
}
