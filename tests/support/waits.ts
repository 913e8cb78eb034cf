// Bounded waits for what a test cannot await as an event (a mailbox without push, a row the
// backend writes later): every wait has a limit, and its failure says what was awaited and
// what was there instead.

/** How long a test waits for one thing on this (possibly busy, 2-core) machine. */
export const STEP_MS = 30_000;

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What to report when the wait runs out (the mailbox's contents, the page's alerts…). */
  state?: () => Promise<string> | string;
}

/**
 * Polls `probe` until it answers a value (anything but undefined/null/false); throws
 * "<what>: not after N s; <state>" when the time is up.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = STEP_MS, intervalMs = 100, state }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() >= deadline) {
      const seen = state
        ? `; ${await Promise.resolve(state()).catch((error: Error) => `(could not read the state: ${error.message})`)}`
        : '';
      throw new Error(`${what}: not after ${Math.round(timeoutMs / 1000)} s${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
