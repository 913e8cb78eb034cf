// Everything the browser suites need, started once per spec file: the apps built once, a real
// emulator (the portal's own supabase/ folder: migrations, seed, config), and the portal served
// as separately deployed teams would (shell and each remote on its own free port).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startTestEmulator, type EmulatorOptions, type TestEmulator } from '../emulator/test/harness.js';
import { readRegistry, startLocalPortal, writeRegistry, type LocalPortal } from '../deploy/src/index.js';

const run = promisify(execFile);
export const REPO = path.resolve(__dirname, '..');
export const CRASHY_FIXTURE = 'tests/fixtures/crashy';

export interface TestPortal {
  emulator: TestEmulator;
  portal: LocalPortal;
  url: string;
  stop(): Promise<void>;
}

// Every suite builds into its own folder: jest runs suites side by side, and a build into the
// shared shell/dist or remotes/*/dist (rspack empties and rewrites them) would change the files
// under another suite while it publishes them. The build runs under tsx's ESM hook only, as the deploy CLI
// does (tsx's CommonJS hook would rewrite Module Federation's runtime templates).
const BUILD_SCRIPT = `
import { register } from 'tsx/esm/api';
register();
const [configUrl, out, ...apps] = process.argv.slice(1);
const { createConfig } = await import(configUrl);
const { rspack } = await import('@rspack/core');
const path = await import('node:path');
const compiler = rspack(apps.map((app) => createConfig({ app, outDir: path.join(out, app) })));
await new Promise((resolve, reject) => compiler.run((error, stats) => {
  compiler.close(() => {});
  if (error) reject(error);
  else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
  else resolve();
}));
`;

/** Builds the named apps (`shell`, `account`, `data`…) into `out/<app>`. */
export async function buildAppsInto(out: string, apps: readonly string[]): Promise<void> {
  await run(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT, pathToFileURL(path.join(REPO, 'rspack.config.ts')).href, out, ...apps], {
    cwd: REPO,
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface StartOptions {
  /** Extra registry entries written after publishing (remotes that are offline, too new…). */
  extraRemotes?: (portal: LocalPortal) => Record<string, unknown>;
  /**
   * Passed on to the emulator: the portal's own supabase/ folder is copied first, so a
   * `configToml` here replaces its config.toml (e.g. confirmations on, a tiny rate limit).
   */
  emulator?: Omit<EmulatorOptions, 'copySupabaseDir'>;
  /** More remotes of remotes/ to build and publish beside the account remote (e.g. `files`). */
  remotes?: readonly string[];
}

/** The shell, the account remote and the crashy fixture, built into this portal's own folder. */
export async function startTestPortal({ extraRemotes, emulator: emulatorOptions, remotes = [] }: StartOptions = {}): Promise<TestPortal> {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  const workdir = mkdtempSync(path.join(REPO, '.tmp', 'portal-'));
  const build = path.join(workdir, 'build');
  const envDir = path.join(workdir, 'env');
  let emulator: TestEmulator | undefined;
  let portal: LocalPortal;
  try {
    [emulator] = await Promise.all([
      startTestEmulator({ ...emulatorOptions, copySupabaseDir: path.join(REPO, 'supabase') }),
      buildAppsInto(build, ['shell', 'account', CRASHY_FIXTURE, ...remotes]),
    ]);
    portal = await startLocalPortal({
      envDir,
      envName: 'test',
      shellDist: path.join(build, 'shell'),
      remoteDists: {
        account: path.join(build, 'account'),
        crashy: path.join(build, CRASHY_FIXTURE),
        ...Object.fromEntries(remotes.map((name) => [name, path.join(build, name)])),
      },
      supabaseUrl: emulator.apiUrl,
    });
  } catch (error) {
    await emulator?.stop();
    rmSync(workdir, { recursive: true, force: true });
    throw error;
  }
  const started = emulator;
  if (extraRemotes) {
    const registry = readRegistry(portal.env);
    writeRegistry(portal.env, { ...registry, remotes: { ...registry.remotes, ...(extraRemotes(portal) as typeof registry.remotes) } });
  }
  return {
    emulator: started,
    portal,
    url: portal.shellUrl,
    async stop() {
      await portal.close();
      await started.stop();
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}
