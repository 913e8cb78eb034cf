// A lock shared by test processes (jest workers, parallel runs on one machine): a folder that
// proper-lockfile makes and keeps fresh while it is held, and that one waiting process alone
// takes over once its holder died.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { lock } from 'proper-lockfile';

export interface FolderLockOptions {
  /** A lock not refreshed for this long is taken for a dead holder's and taken over. */
  staleMs: number;
  /** How long to wait for a live holder; 0 tries once and throws `ELOCKED` if it is held. */
  waitMs: number;
  /** Called if the lock was lost while held (it could not be refreshed in time). */
  onCompromised: (error: Error) => void;
}

/** Whether `dir` exists and was last touched longer than `ms` ago. */
function untouchedFor(dir: string, ms: number): boolean {
  try {
    return Date.now() - statSync(dir).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * Removes a dead holder's lock so that one waiting process alone takes it over. proper-lockfile
 * takes a stale lock over with a stat and then a removal: two processes that both saw the old lock
 * stale each removed it, the second removing the lock the first had just made, and both held it.
 * Here the removal happens under a second lock (a folder made with mkdir, which one process alone
 * can make), and the lock is looked at again once that is held: a fresh one is left alone.
 */
function removeDeadHoldersLock(lockDir: string, staleMs: number): void {
  if (!untouchedFor(lockDir, staleMs)) return;
  const takeover = `${lockDir}.takeover`;
  // Left only by a process that died within the few lines below.
  if (untouchedFor(takeover, staleMs)) rmSync(takeover, { recursive: true, force: true });
  try {
    mkdirSync(takeover);
  } catch {
    return; // Another process is taking it over.
  }
  try {
    if (untouchedFor(lockDir, staleMs)) rmSync(lockDir, { recursive: true, force: true });
  } finally {
    rmSync(takeover, { recursive: true, force: true });
  }
}

/**
 * Takes the lock `<target>.lock`, taking a dead holder's over (`removeDeadHoldersLock`) before each
 * attempt; resolves to its release. proper-lockfile is asked without retries, inside this loop, so
 * its own take-over never meets a stale lock.
 */
export async function takeFolderLock(target: string, options: FolderLockOptions): Promise<() => Promise<void>> {
  const lockfilePath = `${target}.lock`;
  const deadline = Date.now() + options.waitMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1_000)) {
    removeDeadHoldersLock(lockfilePath, options.staleMs);
    try {
      return await lock(target, {
        realpath: false,
        lockfilePath,
        stale: options.staleMs,
        retries: 0,
        onCompromised: options.onCompromised,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ELOCKED' || Date.now() >= deadline) throw error;
    }
    await sleep(pause);
  }
}
