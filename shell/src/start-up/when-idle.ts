// Work that can wait for a quiet moment, in a task of its own: not appended to whichever task
// happens to be running when it is asked for (issue #40: Lighthouse's Total Blocking Time counts
// each task's time beyond 50 ms).

/**
 * Runs `work` once the main thread is idle, or after `limitMs` at the latest; in a task of its own
 * (a timer) where the browser has no idle callbacks.
 */
export function whenIdle(work: () => void, limitMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: limitMs });
  else setTimeout(work, 0);
}
