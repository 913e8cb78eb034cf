// Everything the browser suites need, started once per spec file: the apps built once, a real
// emulator (the portal's own supabase/ folder: migrations, seed, config), and the portal served
// as separately deployed teams would (shell and each remote on its own free port).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startTestEmulator, type EmulatorOptions, type TestEmulator } from '../emulator/test/harness.js';
import { reservePort } from '../scripts/reserve-port.js';
import { waitUntil } from './support/waits.js';
import { LOCAL_SHELL_HOST, readRegistry, startLocalPortal, writeRegistry, type LocalPortal } from '../deploy/src/index.js';

const run = promisify(execFile);
export const REPO = path.resolve(__dirname, '..');
export const CRASHY_FIXTURE = 'tests/fixtures/crashy';

export interface TestPortal {
  emulator: TestEmulator;
  portal: LocalPortal;
  /** The shell, `http://localhost:<port>`: the emulator's site_url (mails, WebAuthn's relying party, OAuth consent). */
  url: string;
  /** The shell's build folder (its scripts and their source maps). */
  shellDist: string;
  /** Each remote's build folder, by name. */
  remoteDists: Record<string, string>;
  /**
   * The same build served once more, in an environment of its own, its API at `supabaseUrl`
   * (e.g. a proxy whose link a test cuts, as a person's dropped network would); stopped with the rest.
   */
  serveAgain(name: string, options: { supabaseUrl: string }): Promise<LocalPortal>;
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

/** Builds the named apps (`shell`, `account`, `data`…) into `out/<app>`, in one rspack run. */
async function buildWithRspack(out: string, apps: readonly string[]): Promise<void> {
  await run(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT, pathToFileURL(path.join(REPO, 'rspack.config.ts')).href, out, ...apps], {
    cwd: REPO,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Each remote in remotes/ (a folder with a remote.json), by name. */
export function remoteNames(): string[] {
  return readdirSync(path.join(REPO, 'remotes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(REPO, 'remotes', entry.name, 'remote.json')))
    .map((entry) => entry.name);
}

/** Every app a browser suite may serve: the shell, each remote in remotes/, the crashy fixture. */
function allApps(): string[] {
  return ['shell', ...remoteNames(), CRASHY_FIXTURE];
}

const BUILD_WAIT_MS = 10 * 60_000;

/**
 * One build of every app per test run, shared by the suites of that run (jest's global setup
 * names the folder in PORTAL_TEST_BUILD_DIR). Each suite used to run rspack for itself: a dozen
 * builds of the same sources, on two cores, beside the suites that were testing. The first
 * suite to ask builds (an atomic mkdir is the lock); the others wait for its verdict.
 */
async function sharedBuild(): Promise<string | null> {
  const dir = process.env.PORTAL_TEST_BUILD_DIR;
  if (!dir) return null;
  const done = path.join(dir, 'done');
  const failed = path.join(dir, 'failed');
  // The run's folder holds more than the build (e.g. the emulator harness's seeded databases), so
  // the lock is a folder of the build's own.
  mkdirSync(dir, { recursive: true });
  try {
    mkdirSync(path.join(dir, 'building'), { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await waitUntil(
      `the shared build of the portal in ${dir}`,
      () => {
        if (existsSync(failed)) throw new Error(`the shared build failed: ${readFileSync(failed, 'utf8')}`);
        return existsSync(done) || null;
      },
      { timeoutMs: BUILD_WAIT_MS, intervalMs: 250 },
    );
    return dir;
  }
  try {
    await buildWithRspack(path.join(dir, 'apps'), allApps());
    writeFileSync(done, '');
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
  return dir;
}

/**
 * Puts the named apps (`shell`, `account`, `data`…) built into `out/<app>`: copies of the run's
 * shared build when there is one, else a build of their own.
 */
export async function buildAppsInto(out: string, apps: readonly string[]): Promise<void> {
  const shared = await sharedBuild();
  const known = new Set(allApps());
  const own = shared ? apps.filter((app) => !known.has(app)) : apps;
  if (shared) {
    for (const app of apps.filter((name) => known.has(name))) {
      cpSync(path.join(shared, 'apps', app), path.join(out, app), { recursive: true });
    }
  }
  if (own.length > 0) await buildWithRspack(out, own);
}

export interface StartOptions {
  /** Extra registry entries written after publishing (remotes that are offline, too new…). */
  extraRemotes?: (portal: LocalPortal) => Record<string, unknown>;
  /**
   * Passed on to the emulator: the portal's own supabase/ folder is copied first, so a
   * `configToml` here replaces its config.toml (e.g. confirmations on, a tiny rate limit). Its
   * `site_url` line, the project's or this one's, is pointed at the shell.
   */
  emulator?: Omit<EmulatorOptions, 'copySupabaseDir'>;
  /** More remotes of remotes/ to build and publish beside the account remote (e.g. `files`). */
  remotes?: readonly string[];
  /** The anon key the shell's config.json hands out (default: the local stack's HS256 one). */
  supabaseAnonKey?: (emulator: TestEmulator) => string;
  /**
   * Leaves config.toml's `site_url` as it is (the project's names http://localhost:3000): the
   * portal then runs elsewhere than its site_url names, as a second `npm start -- --port` would.
   */
  keepSiteUrl?: boolean;
}

/** `configToml` with its `[auth] site_url` naming `siteUrl` (a config without the line is left as it is). */
function withSiteUrl(configToml: string, siteUrl: string): string {
  return configToml.replace(/^site_url = ".*"$/m, `site_url = "${siteUrl}"`);
}

/** The shell, the account remote and the crashy fixture, built into this portal's own folder. */
export async function startTestPortal({ extraRemotes, emulator: emulatorOptions, remotes = [], supabaseAnonKey, keepSiteUrl = false }: StartOptions = {}): Promise<TestPortal> {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  const workdir = mkdtempSync(path.join(REPO, '.tmp', 'portal-'));
  const build = path.join(workdir, 'build');
  const remoteDists = {
    account: path.join(build, 'account'),
    crashy: path.join(build, CRASHY_FIXTURE),
    ...Object.fromEntries(remotes.map((name) => [name, path.join(build, name)])),
  };
  const envDir = path.join(workdir, 'env');
  let emulator: TestEmulator | undefined;
  let portal: LocalPortal;
  // The emulator's config names the shell's origin, so the shell's port is chosen first (held
  // until the shell listens on it: scripts/reserve-port.js).
  const { port: shellPort, release } = await reservePort();
  const siteUrl = `http://${LOCAL_SHELL_HOST}:${shellPort}`;
  try {
    const projectConfig = emulatorOptions?.configToml ?? readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8');
    const configToml = keepSiteUrl ? projectConfig : withSiteUrl(projectConfig, siteUrl);
    [emulator] = await Promise.all([
      startTestEmulator({
        // The portal's 17 migrations and its seed, applied once a run and copied after
        // (emulator/test/harness.ts, docs/known-traps.md); a suite can still ask for a fresh start.
        reuseSeeded: true,
        ...emulatorOptions,
        configToml,
        copySupabaseDir: path.join(REPO, 'supabase'),
        // As `npm start` runs it: the API refuses the shell's name (deploy/src/local-portal.ts).
        env: { PORTAL_REFUSED_HOSTS: LOCAL_SHELL_HOST, ...emulatorOptions?.env },
      }),
      buildAppsInto(build, ['shell', 'account', CRASHY_FIXTURE, ...remotes]),
    ]);
    portal = await startLocalPortal({
      envDir,
      envName: 'test',
      shellDist: path.join(build, 'shell'),
      remoteDists,
      supabaseUrl: emulator.apiUrl,
      ...(supabaseAnonKey ? { supabaseAnonKey: supabaseAnonKey(emulator) } : {}),
      shellPort,
    });
  } catch (error) {
    await emulator?.stop();
    rmSync(workdir, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
  const started = emulator;
  const servedAgain: LocalPortal[] = [];
  if (extraRemotes) {
    const registry = readRegistry(portal.env);
    await writeRegistry(portal.env, { ...registry, remotes: { ...registry.remotes, ...(extraRemotes(portal) as typeof registry.remotes) } });
  }
  return {
    emulator: started,
    portal,
    url: portal.shellUrl,
    shellDist: path.join(build, 'shell'),
    remoteDists,
    async serveAgain(name, { supabaseUrl }) {
      const again = await startLocalPortal({
        envDir: path.join(workdir, `env-${name}`),
        envName: 'test',
        shellDist: path.join(build, 'shell'),
        remoteDists,
        supabaseUrl,
        ...(supabaseAnonKey ? { supabaseAnonKey: supabaseAnonKey(started) } : {}),
      });
      servedAgain.push(again);
      return again;
    },
    async stop() {
      await Promise.all(servedAgain.map((again) => again.close()));
      await portal.close();
      await started.stop();
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}
