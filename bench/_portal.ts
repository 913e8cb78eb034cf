// What the browser benchmarks share: a production build of the shell and the remotes (and, when
// asked, the monolith of bench/monolith), the portal's own backend project on an emulator, and the
// deploy static servers in a process of their own.
// (Files starting with `_` are not benchmarks: bench/run.ts skips them.)
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from '../deploy/src/build.js';
import type { LocalPortalOptions } from '../deploy/src/local-portal.js';
import { startEmulator } from './_support.js';

// Built under tsx's ESM hook only, as the deploy CLI does (its CommonJS hook would rewrite the
// federation runtime's templates). `monolith` as an app builds bench/monolith beside the others.
const BUILD_SCRIPT = `
import { register } from 'tsx/esm/api';
register();
const [rootUrl, out, ...apps] = process.argv.slice(1);
const { createConfig } = await import(new URL('rspack.config.ts', rootUrl).href);
const path = await import('node:path');
const configs = apps.filter((app) => app !== 'monolith').map((app) => createConfig({ app, outDir: path.join(out, app) }));
if (apps.includes('monolith')) {
  const { createMonolithConfig } = await import(new URL('bench/monolith/rspack.config.ts', rootUrl).href);
  configs.push(createMonolithConfig({ outDir: path.join(out, 'monolith') }));
}
const { rspack } = await import('@rspack/core');
const compiler = rspack(configs);
await new Promise((resolve, reject) => compiler.run((error, stats) => {
  compiler.close(() => {});
  if (error) reject(error);
  else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
  else resolve();
}));
`;

/**
 * Builds `apps` (`shell`, remote names, `monolith`) into `out/<app>` in one rspack run, from the
 * checkout at `root` (this one by default: another for a before/after); resolves with the seconds it took.
 */
export async function buildApps(out: string, apps: readonly string[], root = repoRoot): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT, pathToFileURL(`${root}/`).href, out, ...apps], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

/**
 * An emulator on the portal's own backend project (`supabase/`, copied into `workdir`), with the
 * access token's lifetime set to `jwtExpiry` seconds when given.
 */
export async function startProjectEmulator(workdir: string, jwtExpiry?: number): Promise<Awaited<ReturnType<typeof startEmulator>>> {
  mkdirSync(workdir, { recursive: true });
  cpSync(path.join(repoRoot, 'supabase'), path.join(workdir, 'supabase'), { recursive: true });
  if (jwtExpiry !== undefined) {
    const configToml = path.join(workdir, 'supabase/config.toml');
    writeFileSync(configToml, readFileSync(configToml, 'utf8').replace(/^jwt_expiry = \d+$/m, `jwt_expiry = ${jwtExpiry}`));
  }
  return startEmulator(workdir);
}

// The static servers run in a process of their own: in the benchmark's process they would share
// one event loop with the CDP client, which handles every network event of the page while it
// loads. Started with each portal's options (JSON), it prints the shells' URLs (JSON) and serves
// until its stdin closes.
const SERVE_SCRIPT = `
import { register } from 'tsx/esm/api';
register();
const [rootUrl, options] = process.argv.slice(1);
const { startLocalPortal } = await import(new URL('deploy/src/local-portal.ts', rootUrl).href);
const portals = [];
const urls = {};
for (const [name, portalOptions] of Object.entries(JSON.parse(options))) {
  const portal = await startLocalPortal(portalOptions);
  portals.push(portal);
  urls[name] = portal.shellUrl;
}
process.stdout.write(JSON.stringify(urls) + '\\n');
process.stdin.on('end', async () => {
  await Promise.all(portals.map((portal) => portal.close()));
  process.exit(0);
});
process.stdin.resume();
`;

export interface ServedPortals<Name extends string> {
  urls: Record<Name, string>;
  /** Stops the static servers and waits for their process to exit. */
  close(): Promise<void>;
}

/** Starts the static servers of each portal in a child process; resolves with the shells' URLs. */
export async function serveInChild<Name extends string>(options: Record<Name, LocalPortalOptions>): Promise<ServedPortals<Name>> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', SERVE_SCRIPT, pathToFileURL(`${repoRoot}/`).href, JSON.stringify(options)], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let served = false;
  const exited = once(child, 'exit').then(([code]) => {
    if (!served) throw new Error(`the static servers' process exited (${String(code)}) before it served`);
  });
  exited.catch(() => undefined);
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  served = true;
  return {
    urls: JSON.parse(line) as Record<Name, string>,
    async close() {
      if (child.exitCode !== null) return;
      const done = once(child, 'exit');
      child.stdin!.end();
      await done;
    },
  };
}

/** The median of the finite values (NaN when there are none). */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
