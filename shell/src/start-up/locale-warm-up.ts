// The locale's data, loaded off the main thread while the main script downloads. A page's first
// `Intl` object of a kind (a date or number format, a collation, plural rules) makes V8 list the
// locales ICU has for it and load the person's: 25–70 ms at full speed in Chromium, four times that
// on a phone's CPU, in whatever task first formats a date or sorts a list (the account pages' times,
// the status page's, a remote's first table). Those lists and ICU's data are kept for the whole
// renderer process, every thread of it: made once in a worker, the main thread's first one then
// takes under a millisecond (issue #40, TBT). The worker makes one object of each kind, formats
// once, says so and ends itself. Started from the page's first script (early-start.ts), beside the
// main script's download. On a 2-core machine it shares a core with that script's compile (the
// first paint 15–50 ms later at full speed); started at the first paint instead, it shared one with
// the start's own tasks, and they grew by as much as it saved (bench/README.md). A browser without
// workers, or a policy that refuses a blob worker, only loses the head start.

/** What the worker runs: one object of each kind the portal uses, with the options it uses most. */
const WARM_UP = [
  "new Intl.DateTimeFormat(void 0,{year:'numeric',month:'numeric',day:'numeric',hour:'numeric',minute:'numeric',second:'numeric'}).format(0)",
  'new Intl.NumberFormat().format(1.5)',
  "new Intl.Collator().compare('a','b')",
  'new Intl.PluralRules().select(1)',
  'postMessage(0)',
  'close()',
].join(';');

/** Starts the worker that loads the locale's data, and returns at once. */
export function warmUpLocaleData(): void {
  if (typeof Worker !== 'function' || typeof Blob !== 'function') return;
  let url: string | null = null;
  try {
    url = URL.createObjectURL(new Blob([WARM_UP], { type: 'text/javascript' }));
    const worker = new Worker(url, { name: 'locale-warm-up' });
    const release = () => {
      if (url) URL.revokeObjectURL(url);
      url = null;
    };
    // Its message says it ran (the script was read); an error only costs the head start.
    worker.addEventListener('message', release);
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      release();
    });
  } catch {
    if (url) URL.revokeObjectURL(url);
  }
}
