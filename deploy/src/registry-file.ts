import { existsSync, readFileSync } from 'node:fs';
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { writeFileAtomically, type Environment } from './environment.js';
import { DeployError, DeployErrorCode } from './errors.js';
import { describeError } from '@portal/platform/node';

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

/**
 * Swaps the registry atomically: the shell fetches either the old or the new document, never a
 * half-written one. Validated first, so a bad registry is never published.
 */
export function writeRegistry(env: Environment, registry: Registry): Registry {
  const next = parseRegistry({ ...registry, environment: env.name, updatedAt: new Date().toISOString() });
  writeFileAtomically(env.registryFile, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
