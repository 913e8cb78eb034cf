// Keeps the page's copy of the registry current while people work: a conditional request
// (If-None-Match) every `intervalMs` and whenever the window regains focus, so an unchanged
// registry costs one 304 without a body.
import { describeError } from '@portal/platform';
import type { Registry } from '@portal/platform/registry';
import { fetchRegistry } from './registry-loader.js';

export interface RegistryWatchOptions {
  url: string;
  /** The ETag of the copy the page started with. */
  etag: string | null;
  intervalMs: number;
  /** A registry that differs from the last one seen. */
  onChange(registry: Registry): void;
}

export interface RegistryWatch {
  /** Checks now (one request at a time; a check asked for meanwhile joins it). */
  check(): Promise<void>;
  stop(): void;
}

export function watchRegistry({ url, etag: initialEtag, intervalMs, onChange }: RegistryWatchOptions): RegistryWatch {
  let etag = initialEtag;
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= (async () => {
      try {
        const fetched = await fetchRegistry(url, etag);
        if (fetched === 'unchanged') return;
        etag = fetched.etag;
        onChange(fetched.registry);
      } catch (error) {
        // The page keeps working with the releases it has; the next check tries again.
        console.warn(`The registry could not be checked for new versions: ${describeError(error)}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void check(), intervalMs);
  const onFocus = () => void check();
  window.addEventListener('focus', onFocus);
  return {
    check,
    stop() {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    },
  };
}
