// One deploy environment on disk: what each origin serves, the registry, and the release history.
//   <root>/environment.json            { name, origins: { shell, <remote>… } }
//   <root>/shell/                      the shell's files + registry.json + config.json (one origin)
//   <root>/remotes/<name>/<version>/   immutable releases (one origin per remote)
//   <root>/releases/<name>.json        every published release of a remote (for rollback, list)
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { assertPathSegment } from './path-segment.js';
import { shellFactsSchema, type ShellFacts } from './shell-facts.js';

export const environmentSchema = z.object({
  name: z.string().min(1),
  /** Where the shell and each remote are served (folder environments; a bucket serves them all). */
  origins: z.record(z.string(), z.string().url()).default({}),
  /** The platform contract version the environment's shell provides (remotes' ranges must include it). */
  shellContract: z.string().optional(),
  /** What its shell provides: the contract and the shared singletons' versions (its portal-shell.json). */
  shell: shellFactsSchema.optional(),
});
export type EnvironmentFile = z.infer<typeof environmentSchema>;

export interface Environment {
  root: string;
  name: string;
  shellDir: string;
  registryFile: string;
  configFile: string;
  remoteDir(name: string): string;
  releaseDir(name: string, version: string): string;
  releasesFile(name: string): string;
  read(): EnvironmentFile;
  setOrigins(origins: Record<string, string>): EnvironmentFile;
  /** Records the platform contract version the environment's shell provides (and, when known, all it provides). */
  setShellContract(version: string, facts?: ShellFacts): EnvironmentFile;
}

/** Writes a file so readers see the old or the new contents, never half (write temp, rename). */
export function writeFileAtomically(file: string, contents: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, file);
}

export function openEnvironment(root: string, name = path.basename(root)): Environment {
  assertPathSegment(name, 'environment name');
  const environmentFile = path.join(root, 'environment.json');
  const env: Environment = {
    root,
    name,
    shellDir: path.join(root, 'shell'),
    registryFile: path.join(root, 'shell', 'registry.json'),
    configFile: path.join(root, 'shell', 'config.json'),
    remoteDir: (remote) => path.join(root, 'remotes', assertPathSegment(remote, 'remote name')),
    releaseDir: (remote, version) => path.join(root, 'remotes', assertPathSegment(remote, 'remote name'), assertPathSegment(version, 'version')),
    releasesFile: (remote) => path.join(root, 'releases', `${assertPathSegment(remote, 'remote name')}.json`),
    read() {
      if (!existsSync(environmentFile)) return { name, origins: {} };
      return environmentSchema.parse(JSON.parse(readFileSync(environmentFile, 'utf8')));
    },
    setOrigins(origins) {
      // Each key is a remote's name (or `shell`) and names its folder.
      for (const remote of Object.keys(origins)) assertPathSegment(remote, 'remote name');
      const current = env.read();
      const next = { ...current, name, origins: { ...current.origins, ...origins } };
      writeFileAtomically(environmentFile, `${JSON.stringify(next, null, 2)}\n`);
      return next;
    },
    setShellContract(version, facts) {
      const next = { ...env.read(), name, shellContract: version, ...(facts ? { shell: facts } : {}) };
      writeFileAtomically(environmentFile, `${JSON.stringify(next, null, 2)}\n`);
      return next;
    },
  };
  mkdirSync(env.shellDir, { recursive: true });
  return env;
}
