// The registry of an environment, changed by compare-and-swap so concurrent promotes never lose
// each other's change, on any target: a change reads the newest revision n and commits revision
// n+1, which only one writer can do (a hard link in a folder, a primary key in a project's
// database); when another writer got there first the change is made again on top of theirs.
// Nothing is locked, so a killed process blocks nobody.
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { describeError } from '@portal/platform/node';
import { DeployError, DeployErrorCode } from './errors.js';
import type { DeployTarget } from './targets/deploy-target.js';
import type { RegistryState, RemoteHistory } from './registry-revision.js';

export interface RegistryChange {
  registry: Registry;
  remotes: Record<string, RemoteHistory>;
  /** What happened, for status: "promote account@1.2.0+3f2a9c1d". */
  action: string;
}

/** The newest registry revision of the environment. */
export function readRegistryState(target: DeployTarget): Promise<RegistryState> {
  return target.newestRevision();
}

/** The registry browsers read right now, or null before the first change. */
export function readLiveRegistry(target: DeployTarget): Promise<Registry | null> {
  return target.liveRegistry();
}

const MAX_ATTEMPTS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `change` to the newest registry and commits it as the next revision, again on top of
 * any revision another writer committed first; then makes it live. `change` returns null when
 * there is nothing to do, and may throw (an unknown version…) after seeing the newest state.
 * `note` goes beside the identity the target records.
 */
export async function updateRegistry(
  target: DeployTarget,
  note: string,
  change: (state: RegistryState) => RegistryChange | null,
): Promise<RegistryState> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const state = await target.newestRevision();
    const next = change(state);
    if (!next) return target.publishNewest();
    let registry: Registry;
    try {
      registry = parseRegistry({ ...next.registry, environment: target.environmentName, updatedAt: new Date().toISOString() });
    } catch (error) {
      throw new DeployError(DeployErrorCode.InvalidRegistry, `The change "${next.action}" would make an invalid registry (${describeError(error)}); nothing was written.`);
    }
    if ((await target.commitRevision(state.revision + 1, { registry, remotes: next.remotes, action: next.action, note })) === 'committed') {
      return target.publishNewest();
    }
    // Another writer committed revision n+1 first: redo the change on top of theirs, a little later.
    await pause(Math.random() * Math.min(attempt, 10) * 10);
  }
  throw new DeployError(DeployErrorCode.RegistryContended, `The registry of the ${target.description} changed ${MAX_ATTEMPTS} times while this change was being made; try again.`);
}
