// Starts a real emulator process on reserved free ports with a fresh data directory, for
// integration specs (*.spec.ts). The emulator runs as its own process, as it is used.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { takeFolderLock } from './folder-lock.js';
import { reservePort } from '../../scripts/reserve-port.js';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const BIN = path.resolve(__dirname, '../bin/portal-emulator.js');

export interface EmulatorOptions {
  /** Contents of supabase/config.toml. */
  configToml?: string;
  /** Files under supabase/ (relative path → contents), e.g. `migrations/0001_x.sql`. */
  files?: Record<string, string>;
  /** Copy an existing supabase/ folder (e.g. the project's own) before `files`. */
  copySupabaseDir?: string;
  env?: Record<string, string>;
  /**
   * Run on a real PostgreSQL server instead of PGlite: a fresh database is created on the
   * server named by TEST_DATABASE_URL (see `postgresTestUrl`) and dropped on stop.
   */
  postgres?: boolean;
  /**
   * A team's own migrations (relative file name → SQL), written to `<workdir>/team-migrations` and
   * applied after the project's as `team_<team>` (`--team`, `--team-migrations`), at every start.
   */
  teamMigrations?: { team: string; files: Record<string, string> };
  /**
   * More arguments for `portal-emulator start` (e.g. `--ephemeral`, `--import <dir>`); such a
   * start brings its own data, so the prepared PGlite template is not copied in.
   */
  startArgs?: string[];
  /**
   * Starts from a copy of a database this test run has already migrated and seeded from the same
   * supabase/ folder (config.toml alike but for `site_url`): the emulator then applies and seeds
   * nothing and prints no "Applied migration" lines. The copy is made when a second emulator of
   * the run asks for the same folder (one alone would pay for a start it does not use), and is
   * kept under the run's build folder only, so its rows are never older than the run.
   */
  reuseSeeded?: boolean;
}

/** The real-PostgreSQL variant runs only when a server is configured; say so when it does not. */
export function postgresTestUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL ?? null;
  if (!url) {
    console.log('Skipping the real PostgreSQL variant: TEST_DATABASE_URL is not set (npm test sets it when a local PostgreSQL server is available).');
  }
  return url;
}

export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `emulator_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestEmulator {
  apiUrl: string;
  mailUrl: string;
  /** The console (request log, RLS verdicts); a free port of its own. */
  consoleUrl: string;
  workdir: string;
  /** The PostgreSQL database it runs on (`postgres: true`), else null (PGlite). */
  databaseUrl: string | null;
  /** Lines the process printed (stdout and stderr). */
  output: string[];
  client(key?: string, options?: Parameters<typeof createClient>[2]): SupabaseClient;
  admin(): SupabaseClient;
  /** The emulator process's id (e.g. to read its memory use in /proc). */
  readonly pid: number;
  /** Kills the process at once (SIGKILL), as a crash would; `restart()` starts it again. */
  crash(): Promise<void>;
  /**
   * Stops the process (SIGTERM) and starts it again on the same ports and data; `whileStopped`
   * runs in between (e.g. to see what a page shows while the backend is gone).
   */
  restart(options?: { whileStopped?: () => Promise<void> }): Promise<void>;
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  apiUrl: string;
  mailUrl: string;
  consoleUrl: string;
}

/**
 * Emulator processes this test file launched and that have not exited yet. The harness is
 * loaded once per test file (jest gives each file its own modules), so this is the file's.
 */
const children = new Set<ChildProcess>();
/** Clean-ups of emulators this test file started and has not stopped. */
const unstopped = new Set<() => Promise<void>>();
/** Set once the test file has ended: an emulator whose start is still under way must not run on. */
let closed = false;
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Stops every emulator this test file started and has not stopped, and refuses any start from
 * now on. A start that outlives a timed-out beforeAll would otherwise go on running (and using
 * the CPU later suites need) until the jest worker exits. The integration project's test
 * environment calls it when a file ends (tests/support/integration-environment.cjs).
 */
export async function closeTestEmulators(): Promise<void> {
  closed = true;
  await Promise.all([...children].map(terminate));
  await Promise.all([...unstopped].map((stop) => stop()));
}
// Where the test environment finds it (a file that loads the harness twice, e.g. through
// jest.isolateModules, registers each copy).
const closers = ((globalThis as Record<symbol, unknown>)[Symbol.for('portal.testEmulatorClosers')] ??= new Set()) as Set<
  () => Promise<void>
>;
closers.add(closeTestEmulators);
/**
 * The output of every emulator this file started, by API URL: the test environment quotes what
 * they printed during a test that failed (tests/support/integration-environment.cjs).
 */
const outputs = ((globalThis as Record<symbol, unknown>)[Symbol.for('portal.testEmulatorOutputs')] ??= new Set()) as Set<{
  name: string;
  output: string[];
}>;

const LAUNCH_TIMEOUT_MS = 150_000;

function launch(args: string[], env: Record<string, string>, output: string[]): Promise<Running> {
  return new Promise((resolve, reject) => {
    if (closed) return reject(new Error('the test file has ended: no emulator starts any more'));
    // A test's emulator lives seconds to a few minutes, and the emulators are the largest part of
    // a test run's CPU (docs/known-traps.md#where-a-test-runs-time-goes). Three settings make each
    // cheaper without changing what it answers:
    // - V8 compiles PGlite's WebAssembly with its baseline compiler (Liftoff) alone. Optimising
    //   the hot functions (TurboFan) cost 1.3 s of CPU at each start, and over a whole suite it
    //   did not earn that back (data-remote's busiest emulator used less CPU without it).
    // - A 16MB buffer pool: Postgres zeroes the whole pool (128MB by default) at every start, and
    //   a test's database is a few megabytes.
    // - Password hashes at bcrypt's cost 4, not GoTrue's 10: about 100 ms of CPU less for every
    //   person a test signs up or signs in (auth/password-hash-cost.spec.ts keeps 10 the default).
    const child = spawn(process.execPath, ['--liftoff-only', BIN, 'start', ...args], {
      // The emulator stops itself once this process is gone, however it ended (a jest worker
      // killed by jest runs no 'exit' handler).
      env: { PORTAL_EMULATOR_SHARED_BUFFERS: '16MB', PORTAL_EMULATOR_BCRYPT_COST: '4', ...process.env, PORTAL_EMULATOR_PARENT_PID: String(process.pid), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`emulator did not start within ${LAUNCH_TIMEOUT_MS / 1000}s:\n${output.join('\n')}`));
    }, LAUNCH_TIMEOUT_MS);
    let apiUrl = '';
    let mailUrl = '';
    let consoleUrl = '';
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        output.push(line);
        apiUrl ||= /API URL: (\S+)/.exec(line)?.[1] ?? '';
        mailUrl ||= /Mailbox URL: (\S+)/.exec(line)?.[1] ?? '';
        consoleUrl ||= /Console URL: (\S+)/.exec(line)?.[1] ?? '';
        if (apiUrl && mailUrl) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          // The rest of this chunk, and all that follows, kept as it comes: one listener, not one
          // more for each line left in the chunk (each later line was kept seven times).
          output.push(...buffer.split('\n').filter(Boolean));
          child.stdout?.on('data', (c: Buffer) => output.push(...c.toString().split('\n').filter(Boolean)));
          resolve({ child, apiUrl, mailUrl, consoleUrl });
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => output.push(...c.toString().split('\n').filter(Boolean)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!apiUrl || !mailUrl) reject(new Error(`emulator exited with ${code}:\n${output.join('\n')}`));
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Every file whose contents shape a freshly bootstrapped database. */
function schemaFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.sql') || entry.name === 'bootstrap.ts') hash.update(file).update(readFileSync(file));
    }
  };
  walk(path.resolve(__dirname, '../src'));
  return hash.digest('hex').slice(0, 16);
}

/** Where the template of the current schema version lives under `root`; its lock is `<dir>.lock`. */
export function pgliteTemplateDir(root: string): string {
  return path.join(root, `pglite-template-${schemaFingerprint()}`);
}

/** A builder's lock not refreshed for this long is taken for a dead builder's and taken over. */
const TEMPLATE_LOCK_STALE_MS = 30_000;
/** How long a builder waits for another one's lock: a build on a busy machine, then some. */
const TEMPLATE_LOCK_WAIT_MS = 300_000;

/**
 * A PGlite data directory already initialised and bootstrapped (roles, auth, storage,
 * realtime schemas), made once per schema version and copied for each test emulator:
 * initdb and bootstrap are most of a cold start. The emulator then applies the test's own
 * migrations and seed on top, as on any restart. `built` says whether this call made it.
 *
 * One builder at a time: on a fresh clone (or after an SQL change) the jest workers all ask for
 * it at once, and a build is seconds of CPU. The others wait for the builder's lock (a folder
 * beside the template, kept fresh while the build runs) and then use its template; a lock left
 * by a builder that died is taken over once stale, by one of them (`takeFolderLock`).
 */
export async function preparePgliteTemplate(root: string): Promise<{ dir: string; built: boolean }> {
  const template = pgliteTemplateDir(root);
  const built = await makeOnce(template, () => existsSync(path.join(template, 'pglite')), () => buildPgliteTemplate(root, template));
  return { dir: template, built };
}

/**
 * Makes what `ready` looks for at `target` unless it is there already, one maker at a time: the
 * others wait for the maker's lock (`<target>.lock`, kept fresh while it works) and then find it
 * made. Resolves with whether this call made it. The lock only saves CPU: were it taken over
 * during a long make, both makers finish and the rename each ends with keeps one result.
 */
async function makeOnce(target: string, ready: () => boolean, make: () => Promise<void>): Promise<boolean> {
  if (ready()) return false;
  let compromised = false;
  const release = await takeFolderLock(target, {
    staleMs: TEMPLATE_LOCK_STALE_MS,
    waitMs: TEMPLATE_LOCK_WAIT_MS,
    onCompromised: () => {
      compromised = true;
    },
  });
  try {
    if (ready()) return false;
    await make();
    return true;
  } finally {
    if (!compromised) await release();
  }
}

async function buildPgliteTemplate(root: string, template: string): Promise<void> {
  const building = mkdtempSync(path.join(root, 'pglite-template-building-'));
  const workdir = mkdtempSync(path.join(root, 'pglite-template-workdir-'));
  try {
    await resetDatabase(workdir, building);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
  try {
    renameSync(building, template);
  } catch {
    // Another test process made it first: use theirs.
    rmSync(building, { recursive: true, force: true });
  }
}

/** `portal-emulator db reset` into `dataDir`, as a child the test file's end stops like an emulator. */
function resetDatabase(workdir: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (closed) return reject(new Error('the test file has ended: no template is built any more'));
    const child = spawn(process.execPath, [BIN, 'db', 'reset', '--workdir', workdir, '--data-dir', dataDir], {
      env: { ...process.env, PORTAL_EMULATOR_QUIET: '1', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`could not prepare the PGlite template (${signal ?? `exit ${code}`}): ${output.join('')}`));
    });
  });
}

/**
 * What makes a migrated and seeded database: the base template, every file of the supabase/
 * folder (config.toml's `site_url`, which each portal points at its own shell, left out: nothing
 * the database keeps comes from it) and the environment the emulator is given.
 */
function seededKey(template: string, supabaseDir: string, env: Record<string, string>): string {
  const hash = createHash('sha256').update(path.basename(template)).update(JSON.stringify(Object.entries(env).sort()));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const relative = path.relative(supabaseDir, file);
        const contents = readFileSync(file);
        hash.update(relative).update(relative === 'config.toml' ? contents.toString('utf8').replace(/^site_url = ".*"$/m, '') : contents);
      }
    }
  };
  walk(supabaseDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The `.supabase-local` folder of an emulator that started once on `supabaseDir` (migrations,
 * seed.sql, config.toml's storage objects) and stopped cleanly, kept for this test run; null when
 * there is none yet. The first ask for a folder only marks it wanted and starts as usual; the
 * second makes the copy (one maker at a time, as for the base template) and later ones wait for
 * it. Without a run folder (PORTAL_TEST_BUILD_DIR, set by jest's global setup) there is none.
 */
async function seededDatabase(template: string, supabaseDir: string, env: Record<string, string>): Promise<string | null> {
  const runDir = process.env.PORTAL_TEST_BUILD_DIR;
  if (!runDir) return null;
  mkdirSync(runDir, { recursive: true });
  const dir = path.join(runDir, `seeded-${seededKey(template, supabaseDir, env)}`);
  const made = path.join(dir, '.supabase-local');
  if (existsSync(made)) return made;
  try {
    mkdirSync(`${dir}.wanted`);
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await makeOnce(dir, () => existsSync(made), () => makeSeededDatabase(template, supabaseDir, env, dir));
  return made;
}

/** Starts an emulator on a copy of `supabaseDir` from the base template, stops it, and keeps its data in `dir`. */
async function makeSeededDatabase(template: string, supabaseDir: string, env: Record<string, string>, dir: string): Promise<void> {
  const workdir = mkdtempSync(`${dir}-making-`);
  const ports = [await reservePort(), await reservePort()];
  try {
    cpSync(supabaseDir, path.join(workdir, 'supabase'), { recursive: true });
    cpSync(path.join(template, 'pglite'), path.join(workdir, '.supabase-local', 'pglite'), { recursive: true });
    const output: string[] = [];
    const { child } = await launch(['--workdir', workdir, '--port', String(ports[0]!.port), '--mail-port', String(ports[1]!.port)], { PORTAL_EMULATOR_QUIET: '1', ...env }, output);
    // Only a clean stop leaves a database to copy: PGlite closed, the running state removed.
    const ended = await new Promise<string>((resolve) => {
      const how = () => (child.signalCode ? `signal ${child.signalCode}` : `exit ${child.exitCode}`);
      if (child.exitCode !== null || child.signalCode !== null) return resolve(how());
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(how());
      });
      child.kill('SIGTERM');
    });
    if (ended !== 'exit 0') throw new Error(`the emulator making a seeded database for this run ended with ${ended}:\n${output.join('\n')}`);
    mkdirSync(dir, { recursive: true });
    try {
      renameSync(path.join(workdir, '.supabase-local'), path.join(dir, '.supabase-local'));
    } catch (error) {
      // A maker that took over a stale lock made it first: use theirs.
      if (!existsSync(path.join(dir, '.supabase-local'))) throw error;
    }
  } finally {
    await Promise.all(ports.map(({ release }) => release()));
    rmSync(workdir, { recursive: true, force: true });
  }
}

/**
 * Copies a freshly bootstrapped PGlite data directory (Supabase's roles and schemas, nothing of a
 * project) to `dir`, e.g. to restore a dump into: opening it costs a fraction of an initdb.
 */
export async function copyFreshDatabase(dir: string): Promise<void> {
  const root = path.resolve(__dirname, '../../.tmp');
  mkdirSync(root, { recursive: true });
  cpSync(path.join((await preparePgliteTemplate(root)).dir, 'pglite'), dir, { recursive: true });
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  if (closed) throw new Error('the test file has ended: no emulator starts any more');
  const root = path.resolve(__dirname, '../../.tmp');
  mkdirSync(root, { recursive: true });
  const fromTemplate = !options.postgres && !options.env?.DATABASE_URL && !options.startArgs?.length;
  const template = fromTemplate ? (await preparePgliteTemplate(root)).dir : null;
  const workdir = mkdtempSync(path.join(root, 'emulator-'));
  const supabaseDir = path.join(workdir, 'supabase');
  mkdirSync(supabaseDir, { recursive: true });
  if (options.copySupabaseDir) cpSync(options.copySupabaseDir, supabaseDir, { recursive: true });
  if (options.configToml !== undefined) writeFileSync(path.join(supabaseDir, 'config.toml'), options.configToml);
  for (const [file, contents] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(supabaseDir, file)), { recursive: true });
    writeFileSync(path.join(supabaseDir, file), contents);
  }
  const teamArgs: string[] = [];
  if (options.teamMigrations) {
    const dir = path.join(workdir, 'team-migrations');
    mkdirSync(dir, { recursive: true });
    for (const [file, contents] of Object.entries(options.teamMigrations.files)) writeFileSync(path.join(dir, file), contents);
    teamArgs.push('--team', options.teamMigrations.team, '--team-migrations', dir);
  }
  const seeded = template && options.reuseSeeded && !options.teamMigrations ? await seededDatabase(template, supabaseDir, options.env ?? {}) : null;
  if (seeded) cpSync(seeded, path.join(workdir, '.supabase-local'), { recursive: true });
  else if (template) cpSync(path.join(template, 'pglite'), path.join(workdir, '.supabase-local', 'pglite'), { recursive: true });
  const output: string[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  // The API and mailbox ports, below the ephemeral range and reserved for as long as the emulator
  // may restart on them: a port 0 gave is anyone's once the emulator stops (docs/known-traps.md).
  let ports: Array<{ port: number; release: () => Promise<void> }> = [];
  const releasePorts = async () => {
    await Promise.all(ports.splice(0).map(({ release }) => release()));
  };
  // The process itself is stopped by whoever stops it (stop(), or closeTestEmulators for all).
  const removeFiles = async () => {
    unstopped.delete(removeFiles);
    await scratch?.drop();
    await releasePorts();
    rmSync(workdir, { recursive: true, force: true });
  };
  unstopped.add(removeFiles);
  const listed = { name: `the emulator starting in ${workdir}`, output };
  outputs.add(listed);
  const args = () => ['--workdir', workdir, '--port', String(ports[0]!.port), '--mail-port', String(ports[1]!.port), ...teamArgs];
  let env: Record<string, string>;
  let running: Running;
  try {
    scratch = options.postgres ? await createScratchDatabase(requirePostgresUrl()) : null;
    env = {
      PORTAL_EMULATOR_QUIET: '1',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...options.env,
    };
    for (let attempt = 1; ; attempt += 1) {
      ports = [await reservePort(), await reservePort()];
      try {
        running = await launch([...args(), ...(options.startArgs ?? [])], env, output);
        break;
      } catch (error) {
        await releasePorts();
        // A process outside the tests took a port between its reservation and the emulator's
        // start: draw others.
        if (attempt === 3 || !/ port \d+ is already in use/.test(String(error))) throw error;
      }
    }
  } catch (error) {
    await removeFiles();
    throw error;
  }
  listed.name = running.apiUrl;
  const emulator: TestEmulator = {
    get apiUrl() {
      return running.apiUrl;
    },
    get mailUrl() {
      return running.mailUrl;
    },
    get consoleUrl() {
      return running.consoleUrl;
    },
    workdir,
    databaseUrl: scratch?.url ?? null,
    output,
    get pid() {
      return running.child.pid!;
    },
    async crash() {
      const { child } = running;
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
      forgetPooledConnections();
    },
    client(key = ANON_KEY, clientOptions) {
      return createClient<any>(running.apiUrl, key, {
        ...clientOptions,
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...clientOptions?.auth },
        ...(clientOptions?.realtime ? { realtime: clientOptions.realtime } : {}),
      });
    },
    admin() {
      return emulator.client(SERVICE_ROLE_KEY);
    },
    async restart({ whileStopped } = {}) {
      await terminate(running.child);
      forgetPooledConnections();
      try {
        await whileStopped?.();
      } finally {
        running = await launch(args(), env, output);
      }
    },
    async stop() {
      await terminate(running.child);
      await removeFiles();
    },
  };
  return emulator;
}

/**
 * After the emulator's process ends, this test process's fetch (supabase-js's too) must not send
 * on a kept-alive socket to the process that is gone: under load the pool had not yet heard the
 * socket close, and the first request after a crash and restart failed with "fetch failed"
 * (upload-crash.spec). Later requests go through a fresh pool; the old one closes once its
 * requests in flight are done.
 */
function forgetPooledConnections(): void {
  const stale = getGlobalDispatcher();
  setGlobalDispatcher(new Agent());
  void stale.close().catch(() => undefined);
}

function requirePostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set; guard the suite with postgresTestUrl().');
  return url;
}

/** A mail of the emulator's mailbox, read through its Mailpit-compatible API. */
export interface MailMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

export async function latestMail(mailUrl: string, to: string): Promise<MailMessage | null> {
  const list = (await (
    await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  ).json()) as { messages: { ID: string }[] };
  const first = list.messages[0];
  if (!first) return null;
  return (await (await fetch(`${mailUrl}/api/v1/message/${first.ID}`)).json()) as MailMessage;
}
