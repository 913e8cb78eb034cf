// Builds the shell and remotes with the one rspack config (rspack.config.ts at the repo root).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Stats, type MultiStats } from '@rspack/core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ConfigModule {
  createConfig(options: { app: string; outDir?: string }): Parameters<typeof rspack>[0];
  listApps(): string[];
}

async function configModule(): Promise<ConfigModule> {
  return (await import(path.join(repoRoot, 'rspack.config.ts'))) as ConfigModule;
}

export async function listApps(): Promise<string[]> {
  return (await configModule()).listApps();
}

/** Builds the given apps (all by default) into their dist/ folders; rejects with the errors. */
export async function buildApps(apps?: string[]): Promise<{ apps: string[]; ms: number }> {
  const config = await configModule();
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
