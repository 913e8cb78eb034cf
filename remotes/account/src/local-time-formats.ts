// The date formatters of the account pages' times (LocalTime), one per precision. A page's first
// date formatter loads the locale's date data: about 25 ms at full speed, 70–100 ms of a phone's
// CPU (issue #40). Made at the first time shown, it lengthened the render slice that showed it;
// so they are made ahead, in an idle moment of their own while the signed-in pages' chunk
// downloads (signed-in-pages-loader), and at the first time shown only if that moment never came.

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

/**
 * Makes the formatters once the main thread is idle (within 2 s at the latest), in a task of
 * their own; once, however often asked. Where the browser has no idle callbacks they are made at
 * the first time shown.
 */
export function prepareLocalTimeFormats(): void {
  if (asked || typeof requestIdleCallback !== 'function') return;
  asked = true;
  requestIdleCallback(
    () => {
      for (const precision of Object.keys(OPTIONS) as Precision[]) localTimeFormat(precision);
    },
    { timeout: 2_000 },
  );
}
