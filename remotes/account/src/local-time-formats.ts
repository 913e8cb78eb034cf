// The date formatters of the account pages' times (LocalTime), one per precision. A page's first
// date formatter loads the locale's date data: 35 ms at full speed in Chromium, four times that on
// a phone's CPU (issue #40). Made at the first time shown, it lengthened the render slice that
// showed it; so they are made ahead, in a task of their own queued when the signed-in pages'
// chunk is asked for (signed-in-pages-loader): it runs while the chunk downloads, and the page
// renders without it once the chunk is in. An idle callback did not do: the main thread had no
// idle moment before the chunk arrived, and the formatter was still made inside the render.

const OPTIONS = {
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  'date-time': { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type Precision = keyof typeof OPTIONS;
const made = new Map<Precision, Intl.DateTimeFormat>();

/** The formatter of `precision`, made now if it was not made ahead. */
export function localTimeFormat(precision: Precision): Intl.DateTimeFormat {
  let format = made.get(precision);
  if (!format) made.set(precision, (format = new Intl.DateTimeFormat(undefined, OPTIONS[precision])));
  return format;
}

let asked = false;

/** Queues a task that makes the formatters; once, however often asked. */
export function prepareLocalTimeFormats(): void {
  if (asked) return;
  asked = true;
  setTimeout(() => {
    for (const precision of Object.keys(OPTIONS) as Precision[]) localTimeFormat(precision);
  }, 0);
}
