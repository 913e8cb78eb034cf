// The account pages' times as the person's locale writes them (the words of
// `Date.prototype.toLocaleString()` and `toLocaleDateString()`), in a <time> element that carries
// the exact time for machines. A component of its own, with its formatters made at the first time
// shown: a page's first date formatter loads the locale's date data, about 70 ms of a phone's
// CPU. Called inside the profile page's render, it lengthened that render (one task of 140 ms at a
// phone's CPU; issue #40); as a component of its own it is a unit of its own of a render React
// does in slices (the pages' arrival is a transition: useSignedInPages), so a slice of its own.
import type { ReactNode } from 'react';

const OPTIONS = {
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  'date-time': { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Precision = keyof typeof OPTIONS;
const made = new Map<Precision, Intl.DateTimeFormat>();

function formatter(precision: Precision): Intl.DateTimeFormat {
  let format = made.get(precision);
  if (!format) made.set(precision, (format = new Intl.DateTimeFormat(undefined, OPTIONS[precision])));
  return format;
}

/** `at` (an ISO 8601 time) as a date, or a date and time, in the person's locale; "—" without one. */
export function LocalTime({ at, precision = 'date-time' }: { at: string | null | undefined; precision?: Precision }): ReactNode {
  if (!at) return '—';
  return <time dateTime={at}>{formatter(precision).format(new Date(at))}</time>;
}
