// The locale's number, date and collation data, loaded while the page waits for a remote's files
// rather than inside the remote's first task (issue #40: Lighthouse's Total Blocking Time counts
// each task's time beyond 50 ms). A page's first `Intl` object loads the locale's data for its
// kind: the first number format (`Intl.NumberFormat`, `Number#toLocaleString`, the design system's
// counts) 60–110 ms of a phone's CPU, the first date formatter (`Intl.DateTimeFormat`,
// `Date#toLocaleString`) 25–60 more, the first collation (`localeCompare`, `Intl.Collator`) 40;
// every later one takes a fraction of a millisecond. The remotes make theirs when their code runs
// or in their first render, tasks that are long already: the search remote's code ran 130 ms in one
// task, 84 of them its first number format; the live remote's 150, 60 of them its first date
// formatter. Each kind is loaded here in an idle task of its own.

/** Runs `work` when the main thread is idle (within `timeoutMs`), or in a task of its own where the browser has no idle callbacks. */
function whenIdle(work: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 0);
}

/** How long each load waits for an idle moment at most. */
const IDLE_LIMIT_MS = 2_000;

/** One per idle task, in this order (the number data first: the others build on what it loads). */
const LOADS: Array<() => void> = [
  () => {
    new Intl.NumberFormat().format(1);
    new Intl.PluralRules().select(1);
  },
  () => void new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(0),
  () => void new Intl.Collator().compare('a', 'b'),
];

/** Loads the person's locale's number, date and collation data, each kind in an idle task of its own. */
export function loadLocaleDataWhenIdle(): void {
  const next = (index: number) => {
    const load = LOADS[index];
    if (!load) return;
    whenIdle(() => {
      load();
      next(index + 1);
    }, IDLE_LIMIT_MS);
  };
  next(0);
}
