// The account pages' times as the person's locale writes them (the words of
// `Date.prototype.toLocaleString()` and `toLocaleDateString()`), in a <time> element that carries
// the exact time for machines. A component of its own: where its formatter was not made ahead
// (local-time-formats), making it is a unit of its own of a render React does in slices (the
// pages' arrival is a transition: useSignedInPages), not part of the page's render (issue #40).
import type { ReactNode } from 'react';
import { localTimeFormat, type Precision } from './local-time-formats.js';

/** `at` (an ISO 8601 time) as a date, or a date and time, in the person's locale; "—" without one. */
export function LocalTime({ at, precision = 'date-time' }: { at: string | null | undefined; precision?: Precision }): ReactNode {
  if (!at) return '—';
  return <time dateTime={at}>{localTimeFormat(precision).format(new Date(at))}</time>;
}
