// The registry of a folder environment, for code on this machine (the local portal, tests).
import { existsSync, readFileSync } from 'node:fs';
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { describeError } from '@portal/platform/node';
import type { Environment } from './environment.js';
import { DeployError, DeployErrorCode } from './errors.js';
import { updateRegistry } from './registry-store.js';
import { folderTarget } from './targets/folder-target.js';

/** What the environment's registry.json says right now. */
export function readRegistry(env: Environment): Registry {
  if (!existsSync(env.registryFile)) {
    return { schemaVersion: 1, environment: env.name, updatedAt: new Date().toISOString(), remotes: {} };
  }
  try {
    return parseRegistry(JSON.parse(readFileSync(env.registryFile, 'utf8')));
  } catch (error) {
    throw new DeployError(DeployErrorCode.InvalidRegistry, `${env.registryFile} is not a valid registry (${describeError(error)}); fix or delete it.`);
  }
}

/** Replaces the registry's remotes as one change (compare-and-swap, like every other change). */
export async function writeRegistry(env: Environment, registry: Registry, actor = 'test'): Promise<Registry> {
  const state = await updateRegistry(folderTarget(env), actor, (current) => ({ registry, remotes: current.remotes, action: 'write registry' }));
  return state.registry;
}
