// The folder target: an environment on this machine (deploy/dist/local), served by the local
// static server — the shell's folder on one origin, each remote's folder on its own.
import { linkSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically, type Environment } from '../environment.js';
import { DeployError, DeployErrorCode } from '../errors.js';
import { keys, type PublishTarget } from './publish-target.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export function folderTarget(env: Environment): PublishTarget {
  // The registry is served from the shell's folder (its origin); every other key is a path below the root.
  const fileOf = (key: string) => (key === keys.registry ? env.registryFile : path.join(env.root, ...key.split('/')));
  const originOf = (app: string) => env.read().origins[app]?.replace(/\/$/, '');
  return {
    description: `folder ${env.root}`,
    environmentName: env.name,
    async read(key) {
      try {
        return readFileSync(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async create(key, body) {
      const file = fileOf(key);
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(temp, body);
      try {
        // link(2) fails with EEXIST when the name is taken, and the name appears with all its bytes.
        linkSync(temp, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        unlinkSync(temp);
      }
    },
    async put(key, body) {
      writeFileAtomically(fileOf(key), body);
    },
    async list(folder, options) {
      let names: string[];
      try {
        names = readdirSync(fileOf(folder)).filter((name) => !name.endsWith('.tmp')).sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return options?.last ? names.slice(-options.last) : names;
    },
    manifestUrl(remote, version) {
      const origin = originOf(remote);
      if (!origin) {
        throw new DeployError(DeployErrorCode.InvalidOption, `No origin is known for "${remote}" in ${env.root}; pass --origin <url> (where its files are served).`);
      }
      return `${origin}/${encodeURIComponent(version)}/mf-manifest.json`;
    },
    registryUrl() {
      const shell = originOf('shell');
      return shell ? `${shell}/registry.json` : null;
    },
  };
}
