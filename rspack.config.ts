// The shell and every remote in one rspack run, for the tests and benchmarks that build them all
// (`rspack build` here, tests/portal-harness.ts, bench/): each app builds exactly as on its own —
// the shell with shell/rspack.config.ts, a remote with the published remote build preset
// (`@portal/deploy/rspack`), as `portal-deploy build` and a team's repository do.
//   rspack build --env app=<shell|account|…|all>
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { readRemoteFacts, remoteConfig, type BuildMode, type RemoteFacts } from '@portal/deploy/rspack';
import { shellConfig } from './shell/rspack.config.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The shell and each remote under remotes/ (a folder with a remote.json), by name. */
export function listApps(): string[] {
  const remotesDir = path.join(root, 'remotes');
  const remotes = existsSync(remotesDir)
    ? readdirSync(remotesDir).filter((name) => existsSync(path.join(remotesDir, name, 'remote.json')))
    : [];
  return ['shell', ...remotes.sort()];
}

/** A remote's folder: a name under remotes/, or a path (e.g. a test fixture) to the folder itself. */
export function remoteDir(app: string): string {
  const dir = app.includes('/') ? path.resolve(root, app) : path.join(root, 'remotes', app);
  if (!existsSync(path.join(dir, 'remote.json'))) throw new Error(`Unknown app "${app}": expected shell or one of ${listApps().join(', ')} (remotes/<name>/remote.json).`);
  return dir;
}

/** A remote's facts (remote.json), for the benchmarks' monolith. */
export function remoteFacts(app: string): RemoteFacts {
  return readRemoteFacts(remoteDir(app));
}

export interface BuildOptions {
  app: string;
  /** Output folder (default `<app>/dist`). */
  outDir?: string;
  mode?: BuildMode;
}

export function createConfig({ app, outDir, mode = 'production' }: BuildOptions): Configuration {
  if (app === 'shell') return shellConfig({ mode, ...(outDir ? { outDir } : {}) });
  return remoteConfig({ dir: remoteDir(app), mode, ...(outDir ? { outDir } : {}) });
}

/** The rspack CLI's entry: `--env app=<name>` (or `app=all`), optional `--env out=<dir>`. */
export default function config(env: Record<string, string | boolean> = {}): Configuration | Configuration[] {
  const app = typeof env.app === 'string' ? env.app : 'all';
  const mode = env.development ? 'development' : 'production';
  if (app === 'all') return listApps().map((name) => createConfig({ app: name, mode }));
  return createConfig({ app, mode, ...(typeof env.out === 'string' ? { outDir: path.resolve(env.out) } : {}) });
}
