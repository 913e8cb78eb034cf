// A remote's failures: each step run within a time limit, and a step that throws or overruns told
// to the lifecycle's `failed` hook with a code and words for the error card (which offers "Try
// again"). The failure is rethrown for single-spa, which then leaves the remote broken.
import { PortalError, PortalErrorCode, isPortalError } from '@portal/platform';
import { describeRemoteFailure } from '../chrome/failure-words.js';
import type { LifecycleHooks } from './lifecycle-hooks.js';

/**
 * How long a remote may take to load (manifest, entry, code) and then to bootstrap and to mount
 * before the shell gives up and shows its error card with "Try again". Without a limit a remote
 * that hangs (an unanswered request, a mount that never resolves) leaves its route on a progress
 * bar for good: single-spa only warns about slow lifecycles.
 */
export const REMOTE_STEP_LIMIT_MS = 8_000;

export class RemoteFailures {
  constructor(
    private readonly hooks: LifecycleHooks,
    /** The remote's title for the words of a failure (its name while it has none). */
    private readonly titleOf: (name: string) => string,
  ) {}

  /** Tells the `failed` hook that `step` of `name` failed with `error`. */
  fail(name: string, step: string, error: unknown): void {
    const code = isPortalError(error)
      ? error.code
      : step === 'load'
        ? PortalErrorCode.RemoteLoadFailed
        : PortalErrorCode.RemoteCrashed;
    this.hooks.failed.emit({ name, step, code, message: describeRemoteFailure(step, error) });
  }

  /** Runs a step; a failure is recorded, then rethrown. */
  async step(name: string, step: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.fail(name, step, error);
      throw error;
    }
  }

  /** `work` unless it takes longer than the limit, then a crash of that step naming the limit. */
  limited(name: string, step: string, work: Promise<void>): Promise<void> {
    return withinLimit(
      work,
      () =>
        new PortalError(
          PortalErrorCode.RemoteCrashed,
          `${this.titleOf(name)} did not finish its ${step} within ${REMOTE_STEP_LIMIT_MS / 1000} s.`,
          { remote: name, step },
        ),
    );
  }

  /** Loading `work` unless it takes longer than the limit, then a load failure naming the limit. */
  loadLimited<T>(name: string, work: Promise<T>): Promise<T> {
    return withinLimit(
      work,
      () =>
        new PortalError(
          PortalErrorCode.RemoteLoadFailed,
          `${this.titleOf(name)} did not finish loading within ${REMOTE_STEP_LIMIT_MS / 1000} s (its manifest or code is not answering).`,
          { remote: name, step: 'load' },
        ),
    );
  }
}

/** Settles as `work` does, or rejects with `timeout()` once the limit has passed. */
function withinLimit<T>(work: Promise<T>, timeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout()), REMOTE_STEP_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
