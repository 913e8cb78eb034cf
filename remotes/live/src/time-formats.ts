// The live remote's times: a message's time of day, its day and time, an activity's time to the
// second, in the person's locale. Each formatter is made at the first time shown, not when the
// module runs: a page's first date formatter loads the locale's date data, 60 ms of a phone's CPU,
// and this remote's modules run in one task — 190 ms at a phone's CPU with the formatters made
// there, though the room's first frame shows no message yet (issue #40).

const OPTIONS = {
  minute: { hour: '2-digit', minute: '2-digit' },
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  day: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Precision = keyof typeof OPTIONS;
const made = new Map<Precision, Intl.DateTimeFormat>();

function formatter(precision: Precision): Intl.DateTimeFormat {
  let format = made.get(precision);
  if (!format) made.set(precision, (format = new Intl.DateTimeFormat(undefined, OPTIONS[precision])));
  return format;
}

/** "14:05" (or "02:05 PM"): a message's time of day. */
export const timeOfDay = (at: Date): string => formatter('minute').format(at);
/** "14:05:09": an activity's time, to the second. */
export const timeToTheSecond = (at: Date): string => formatter('second').format(at);
/** "29 Nov 2026, 14:05": the day and time, for a title. */
export const dayAndTime = (at: Date): string => formatter('day').format(at);
