// The status page's times (the registry's last change, the audit trail's), as the person's locale
// writes them — the same words as `Date.prototype.toLocaleString()`. One formatter, made when the
// page's chunk runs: a page's first date formatter loads the locale's data, 60 ms of a phone's CPU,
// which made in the page's first render lengthened that task to 95 ms (issue #40).
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** `at` (an ISO 8601 time, or epoch milliseconds) in the person's locale. */
export function formatDateTime(at: string | number): string {
  return dateTime.format(new Date(at));
}
