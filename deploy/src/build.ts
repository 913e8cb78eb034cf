// Builds apps with rspack, each from its own folder: a folder with its own rspack.config.* builds
// with it (the shell's, or a team's remote that adds to the preset); a remote folder without one
// builds with the remote build preset (`remoteConfig`, `@portal/deploy/rspack`). In the portal's
// workspace the apps are shell/ and remotes/<name>/; in a team's repository, the remote itself.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Configuration, MultiStats, Stats } from '@rspack/core';
import type { BuildMode } from './build-preset/base-config.js';

/**
 * The deploy package's folder: the nearest one above this module holding a package.json. This
 * module runs from deploy/src and, compiled, from deploy/dist/cli/<hash>/ (deploy/bin/compiled-cli.js).
 */
function deployPackageDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}.`);
  }
}

/** The portal's workspace (the monorepo this package is a workspace of). */
export const repoRoot = path.dirname(deployPackageDir());

const CONFIG_FILES = ['rspack.config.ts', 'rspack.config.mts', 'rspack.config.js', 'rspack.config.mjs'];

/** The shell and each remote under `root`/remotes (a folder with a remote.json), by name. */
export function listApps(root = repoRoot): string[] {
  const remotesDir = path.join(root, 'remotes');
  const remotes = existsSync(remotesDir) ? readdirSync(remotesDir).filter((name) => existsSync(path.join(remotesDir, name, 'remote.json'))) : [];
  return ['shell', ...remotes.sort()];
}

/** An app's folder in the workspace: `shell`, a remote's name, or a path to a remote's folder. */
export function appDir(app: string, root = repoRoot): string {
  if (app === 'shell') return path.join(root, 'shell');
  return app.includes('/') ? path.resolve(root, app) : path.join(root, 'remotes', app);
}

export interface AppBuildOptions {
  /** Output folder (default: the config's own, `<dir>/dist`). */
  outDir?: string;
  mode?: BuildMode;
}

/**
 * The rspack configuration of the app in `dir`: its own rspack.config.* (a function is called as
 * the rspack CLI calls it, with `--env` values: `development`, `out`), else the remote preset.
 * A TypeScript config file needs a TypeScript loader in this process (tsx: the CLI registers it).
 */
export async function appConfig(dir: string, { outDir, mode = 'production' }: AppBuildOptions = {}): Promise<Configuration> {
  const own = CONFIG_FILES.map((file) => path.join(dir, file)).find((file) => existsSync(file));
  if (!own) {
    if (!existsSync(path.join(dir, 'remote.json'))) throw new Error(`${dir} has neither an rspack.config.ts nor a remote.json: nothing to build there.`);
    // Loaded here: the preset loads rspack, whose native binding took a third of every other command's start-up.
    const { remoteConfig } = await import('./build-preset/remote-config.js');
    return remoteConfig({ dir, mode, ...(outDir ? { outDir } : {}) });
  }
  const exported = ((await import(pathToFileURL(own).href)) as { default?: unknown }).default;
  const env = { ...(mode === 'development' ? { development: true } : {}), ...(outDir ? { out: outDir } : {}) };
  const config = (typeof exported === 'function' ? await (exported as (env: object, argv: object) => unknown)(env, {}) : exported) as Configuration | undefined;
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error(`${own} must export one rspack configuration (or a function returning one).`);
  return outDir ? { ...config, output: { ...config.output, path: outDir } } : config;
}

/** Builds the apps in the given folders, in one rspack run; rejects with the errors. */
export async function buildDirs(dirs: readonly string[], options: AppBuildOptions = {}): Promise<{ ms: number }> {
  // Loaded here: rspack's native binding took a third of every other command's start-up.
  const [configs, { rspack }] = await Promise.all([Promise.all(dirs.map((dir) => appConfig(dir, options))), import('@rspack/core')]);
  const started = performance.now();
  const compiler = rspack(configs);
  const stats = await new Promise<MultiStats | Stats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (!result) reject(new Error('rspack returned no stats'));
      else resolve(result);
    });
  });
  if (stats.hasErrors()) {
    const text = stats.toString({ all: false, errors: true, colors: false });
    throw new Error(`The build failed:\n${text}`);
  }
  return { ms: Math.round(performance.now() - started) };
}

/** Builds the given apps of the workspace (all by default) into their dist/ folders; rejects with the errors. */
export async function buildApps(apps?: string[], root = repoRoot, options: AppBuildOptions = {}): Promise<{ apps: string[]; ms: number }> {
  const names = apps?.length ? apps : listApps(root);
  const { ms } = await buildDirs(names.map((app) => appDir(app, root)), options);
  return { apps: names, ms };
}
