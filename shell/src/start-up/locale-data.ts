// The locale's date and collation data, loaded while the page waits for a remote's files rather
// than inside the remote's first task (issue #40: Lighthouse's Total Blocking Time counts each
// task's time beyond 50 ms). A page's first date formatter (`Intl.DateTimeFormat`,
// `Date#toLocaleString`) loads the locale's date data and the time zone — 60 ms of a phone's CPU —
// and its first collation (`localeCompare`, `Intl.Collator`) 40 ms more; every later one takes a
// fraction of a millisecond. The remotes make theirs when their code runs or in their first render,
// tasks that are long already (the live remote's code ran 150 ms in one task, 60 of them its first
// formatter). Each load here is an idle task of its own.

/** Runs `work` when the main thread is idle (within `timeoutMs`), or in a task of its own where the browser has no idle callbacks. */
function whenIdle(work: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 0);
}

/** How long the loads wait for an idle moment at most. */
const IDLE_LIMIT_MS = 2_000;

/** Loads the person's locale's date data, then its collation data, each in an idle task of its own. */
export function loadLocaleDataWhenIdle(): void {
  whenIdle(() => {
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(0);
    whenIdle(() => void new Intl.Collator().compare('a', 'b'), IDLE_LIMIT_MS);
  }, IDLE_LIMIT_MS);
}
