// The registry of an environment, changed by compare-and-swap so concurrent promotes never lose
// each other's change, on any target:
//   registry-revisions/<n>.json   every registry the environment had, with who changed what when
//   registry.json                 what browsers read: a copy of the newest revision
// A change reads the newest revision n and creates revision n+1 with an exclusive create (a hard
// link in a folder, an INSERT on a unique key in a bucket): when another writer got there first
// the create fails and the change is made again on top of theirs. Nothing is locked, so a killed
// process blocks nobody; a revision it created but never copied to registry.json is copied by the
// next change, and `status` shows the lag.
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { describeError } from '@portal/platform/node';
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';
import { keys, type PublishTarget } from './targets/publish-target.js';

const remoteHistorySchema = z.object({
  /** Versions that were live before the current one, oldest first (what rollback returns to). */
  previous: z.array(z.string()),
  changedAt: z.string(),
  changedBy: z.string(),
  action: z.string(),
});
export type RemoteHistory = z.infer<typeof remoteHistorySchema>;

const revisionSchema = z.object({
  revision: z.number().int().positive(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  registry: z.unknown(),
  remotes: z.record(z.string(), remoteHistorySchema),
});

export interface RegistryState {
  /** 0 before the first change (an empty registry, or one written by an older deploy). */
  revision: number;
  registry: Registry;
  remotes: Record<string, RemoteHistory>;
  at: string | null;
  actor: string | null;
  action: string | null;
}

export interface RegistryChange {
  registry: Registry;
  remotes: Record<string, RemoteHistory>;
  /** What happened, for status: "promote account@1.2.0+3f2a9c1d". */
  action: string;
}

function registryBytes(registry: Registry): Buffer {
  return Buffer.from(`${JSON.stringify(registry, null, 2)}\n`);
}

function invalid(target: PublishTarget, key: string, error: unknown): DeployError {
  return new DeployError(DeployErrorCode.InvalidRegistry, `${key} in the ${target.description} is not a valid registry (${describeError(error)}); fix or delete it.`);
}

/** The newest registry revision of the environment. */
export async function readRegistryState(target: PublishTarget): Promise<RegistryState> {
  const [newest] = await target.list(keys.revisions, { last: 1 });
  if (newest) {
    const key = `${keys.revisions}/${newest}`;
    const bytes = await target.read(key);
    if (!bytes) throw invalid(target, key, new Error('it vanished while being read'));
    try {
      const doc = revisionSchema.parse(JSON.parse(bytes.toString('utf8')));
      return { revision: doc.revision, registry: parseRegistry(doc.registry), remotes: doc.remotes, at: doc.at, actor: doc.actor, action: doc.action };
    } catch (error) {
      throw invalid(target, key, error);
    }
  }
  // No revision yet: start from the registry an older deploy wrote, if any.
  const legacy = await target.read(keys.registry);
  let registry: Registry = { schemaVersion: 1, environment: target.environmentName, updatedAt: new Date().toISOString(), remotes: {} };
  if (legacy) {
    try {
      registry = parseRegistry(JSON.parse(legacy.toString('utf8')));
    } catch (error) {
      throw invalid(target, keys.registry, error);
    }
  }
  return { revision: 0, registry, remotes: {}, at: null, actor: null, action: null };
}

/** The registry browsers read right now (registry.json), or null before the first publish. */
export async function readLiveRegistry(target: PublishTarget): Promise<Registry | null> {
  const bytes = await target.read(keys.registry);
  if (!bytes) return null;
  try {
    return parseRegistry(JSON.parse(bytes.toString('utf8')));
  } catch (error) {
    throw invalid(target, keys.registry, error);
  }
}

/**
 * Copies the newest revision to registry.json, again until no newer revision appeared meanwhile:
 * whichever writer copies last has seen the newest revision, so registry.json ends at the newest.
 */
export async function publishNewestRevision(target: PublishTarget): Promise<RegistryState> {
  let copied = -1;
  for (;;) {
    const state = await readRegistryState(target);
    if (state.revision === copied) return state;
    await target.put(keys.registry, registryBytes(state.registry), 'revalidate');
    copied = state.revision;
  }
}

const MAX_ATTEMPTS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies `change` to the newest registry and commits it as the next revision, again on top of
 * any revision another writer committed first; then makes it live. `change` returns null when
 * there is nothing to do, and may throw (an unknown version…) after seeing the newest state.
 */
export async function updateRegistry(
  target: PublishTarget,
  actor: string,
  change: (state: RegistryState) => RegistryChange | null,
): Promise<RegistryState> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const state = await readRegistryState(target);
    const next = change(state);
    if (!next) return publishNewestRevision(target);
    const at = new Date().toISOString();
    let registry: Registry;
    try {
      registry = parseRegistry({ ...next.registry, environment: target.environmentName, updatedAt: at });
    } catch (error) {
      throw new DeployError(DeployErrorCode.InvalidRegistry, `The change "${next.action}" would make an invalid registry (${describeError(error)}); nothing was written.`);
    }
    const revision = state.revision + 1;
    const doc = { revision, at, actor, action: next.action, registry, remotes: next.remotes };
    if (await target.create(keys.revision(revision), Buffer.from(`${JSON.stringify(doc, null, 2)}\n`), 'revalidate')) {
      return publishNewestRevision(target);
    }
    // Another writer committed revision n+1 first: redo the change on top of theirs, a little later.
    await pause(Math.random() * Math.min(attempt, 10) * 10);
  }
  throw new DeployError(DeployErrorCode.RegistryContended, `The registry of the ${target.description} changed ${MAX_ATTEMPTS} times while this change was being made; try again.`);
}
