// GoTrue's rate limits as the CLI configures them (config.toml [auth.rate_limit]): per client
// IP for requests, one instance-wide budget for sent emails. Fixed windows, in memory.

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one event for `key`; false when the limit for the window is already reached. */
  take(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return limit > 0;
    }
    if (window.count >= limit) return false;
    window.count++;
    return true;
  }
}

export const FIVE_MINUTES = 5 * 60_000;
export const ONE_HOUR = 60 * 60_000;
