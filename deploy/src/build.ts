// Builds the shell and remotes with the one rspack config (rspack.config.ts at the repo root).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MultiStats, rspack as Rspack, Stats } from '@rspack/core';

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

export const repoRoot = path.dirname(deployPackageDir());

interface ConfigModule {
  createConfig(options: { app: string; outDir?: string }): Parameters<typeof Rspack>[0];
  listApps(): string[];
}

async function configModule(): Promise<ConfigModule> {
  // TypeScript: the process runs through tsx (scripts/start.js), or registers it first (the CLI's build).
  return (await import(path.join(repoRoot, 'rspack.config.ts'))) as ConfigModule;
}

export async function listApps(): Promise<string[]> {
  return (await configModule()).listApps();
}

/** Builds the given apps (all by default) into their dist/ folders; rejects with the errors. */
export async function buildApps(apps?: string[]): Promise<{ apps: string[]; ms: number }> {
  // Loaded here: rspack's native binding took a third of every other command's start-up.
  const [config, { rspack }] = await Promise.all([configModule(), import('@rspack/core')]);
  const names = apps?.length ? apps : config.listApps();
  const started = performance.now();
  const compiler = rspack(names.map((app) => config.createConfig({ app })) as never);
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
  return { apps: names, ms: Math.round(performance.now() - started) };
}
