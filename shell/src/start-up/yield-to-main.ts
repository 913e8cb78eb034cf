// The shell's start yields between its steps so that no step holds the main thread for long: a tap
// or a key during the start is answered between two steps, not after all of them (issue #40:
// Lighthouse's Total Blocking Time counts each task's time beyond 50 ms).

/**
 * Ends the current task; the caller goes on in a new one. Ahead of other queued work where the
 * browser lets a task ask for that (`scheduler.yield`), else after it (a timer).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
