// Seconds from `portal-deploy publish` to live for one remote (the account remote's build, as a
// team would ship it): into an environment of a Supabase project on the emulator with the verified
// flow (the team's CI credential alone: each call signs in as the credential, the project checks
// every file, record and registry change against it, browsers read the registry from the
// deploy-registry function), and into a folder environment. Two ways: `publish` then `promote`
// (two calls), and `publish --promote` (one).
// No shell rebuild: the shell reads the registry at run time. Each phase is timed, with the CPU
// the CLI's processes used (steadier than the wall clock on a loaded machine), and `--help` alone
// as the start-up every call pays; medians of a few rounds, the two ways alternating.
//   node --import tsx bench/deploy-publish.ts [rounds]
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { parseRegistry } from '@portal/platform/registry';
import { authClient, connectWithServiceKey, projectClient, type ProjectConnection } from '../deploy/src/identity/project-connection.js';
import { recordShellContract } from '../deploy/src/publish.js';
import { projectTarget } from '../deploy/src/targets/project-target.js';
import { addPlatformOwner, addRemote, addTeam, createCredential } from '../deploy/src/team-admin.js';
import { deployBackendFiles } from '../tests/support/deploy-backend-files.js';
import { percentile, startEmulator, stop } from './_support.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const TARGET_SECONDS = 5;
const ROUNDS = Number(process.argv[2] ?? 3);

/** CPU seconds of this process's finished children (Linux: cutime + cstime of /proc/self/stat), or null. */
function childrenCpuSeconds(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Phase {
  wall: number;
  cpu: number | null;
  stdout: string;
}

async function deploy(args: string[], env: Record<string, string> = {}): Promise<Phase> {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: REPO, env: { ...process.env, NODE_NO_WARNINGS: '1', ...env } });
  const cpuAfter = childrenCpuSeconds();
  return { wall: (performance.now() - started) / 1000, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, stdout };
}

async function timedWait(until: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await until())) await new Promise((resolve) => setTimeout(resolve, 20));
  return (performance.now() - started) / 1000;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-deploy-'));
const dist = path.join(REPO, 'remotes', 'account', 'dist');
if (!existsSync(path.join(dist, 'remote.json'))) {
  console.log('building the account remote once (not timed)…');
  await deploy(['build', 'account']);
}
// A copy: the figure is for this build, whatever rebuilds remotes/account/dist meanwhile.
const build = path.join(workdir, 'account');
cpSync(dist, build, { recursive: true });

interface Environment {
  label: string;
  /** The options naming a new, empty environment. */
  fresh(): string[];
  /** Makes it ready for releases (not timed): the shell's contract recorded. */
  prepare(args: string[]): Promise<void>;
  /** More options for publish (a folder environment's origin for the remote). */
  publishArgs?: string[];
  env?: Record<string, string>;
  /** The account remote's version in the registry browsers read. */
  readLive(args: string[]): Promise<string | undefined>;
}

/** Seconds per phase of one round; `cpu` sums the CLI processes of the timed calls. */
interface Round {
  publish: number;
  promote: number | null;
  live: number;
  total: number;
  cpu: number | null;
}

async function publishToLive({ fresh, prepare, publishArgs = [], env = {}, readLive }: Environment, oneCall: boolean): Promise<Round> {
  const args = fresh();
  await prepare(args);
  const started = performance.now();
  const calls: Phase[] = [await deploy(['publish', 'account', '--dist', build, ...args, ...publishArgs, ...(oneCall ? ['--promote'] : [])], env)];
  const release = /account@(\S+)/.exec(calls[0]!.stdout)![1]!;
  if (!oneCall) calls.push(await deploy(['promote', `account@${release}`, ...args], env));
  // Live: the registry a browser fetches names the release.
  const live = await timedWait(async () => (await readLive(args)) === release);
  const cpus = calls.map((call) => call.cpu);
  return {
    publish: calls[0]!.wall,
    promote: calls[1]?.wall ?? null,
    live,
    total: (performance.now() - started) / 1000,
    cpu: cpus.includes(null) ? null : cpus.reduce((sum: number, cpu) => sum + cpu!, 0),
  };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const seconds = (values: Array<number | null>) => (values.includes(null) ? '-' : `${median(values as number[]).toFixed(2)} s`);

function describe(label: string, rounds: Round[], oneCall: boolean): string {
  const phases = oneCall
    ? `publish --promote ${seconds(rounds.map((r) => r.publish))}`
    : `publish ${seconds(rounds.map((r) => r.publish))} + promote ${seconds(rounds.map((r) => r.promote))}`;
  return (
    `${label}, ${oneCall ? 'one call ' : 'two calls'}: → live ${seconds(rounds.map((r) => r.total))} ` +
    `(${phases} + registry seen ${seconds(rounds.map((r) => r.live))}; CLI CPU ${seconds(rounds.map((r) => r.cpu))}; ` +
    `target < ${TARGET_SECONDS} s, no shell rebuild; median of ${rounds.length})`
  );
}

/** The emulator's project: the portal's deploy backend (its migration and functions). */
const { configToml, files } = deployBackendFiles(path.join(REPO, 'supabase'));
for (const [file, contents] of Object.entries({ 'config.toml': configToml, ...files })) {
  mkdirSync(path.dirname(path.join(workdir, 'emulator', 'supabase', file)), { recursive: true });
  writeFileSync(path.join(workdir, 'emulator', 'supabase', file), contents);
}

/**
 * A platform owner (named with the service key, as once per project), a team owning the account
 * remote on /account, and the team's CI credential: the environment variables its CI sets.
 */
async function teamCi(apiUrl: string): Promise<{ owner: ProjectConnection; env: Record<string, string> }> {
  const email = `owner-${Date.now()}@example.com`;
  const password = 'bench-owner-pass-1';
  const created = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!created.ok) throw new Error(`could not make the owner: ${await created.text()}`);
  await addPlatformOwner(connectWithServiceKey({}, { PORTAL_DEPLOY_PROJECT_URL: apiUrl, PORTAL_DEPLOY_SERVICE_KEY: SERVICE_ROLE_KEY }), email);
  const { data } = await authClient({ projectUrl: apiUrl, anonKey: ANON_KEY }).signInWithPassword({ email, password });
  const owner: ProjectConnection = { projectUrl: apiUrl, anonKey: ANON_KEY, client: projectClient(apiUrl, ANON_KEY, data.session!.access_token), accessToken: data.session!.access_token, via: 'session' };
  await addTeam(owner, 'accounts');
  await addRemote(owner, 'account', 'accounts', '/account');
  const { token } = await createCredential(owner, 'accounts', 'bench');
  return { owner, env: { PORTAL_DEPLOY_PROJECT_URL: apiUrl, PORTAL_DEPLOY_ANON_KEY: ANON_KEY, PORTAL_DEPLOY_TOKEN: token } };
}

const { child, apiUrl } = await startEmulator(path.join(workdir, 'emulator'));
try {
  // The first call compiles the CLI when its sources changed (deploy/bin/compiled-cli.js): not timed.
  await deploy(['--help']);
  let environments_ = 0;
  let folders = 0;
  const ci = await teamCi(apiUrl);
  const environments: Environment[] = [
    {
      label: 'Supabase project, verified flow (team credential, emulator)',
      fresh: () => ['--bucket', `bench-portal-${++environments_}`],
      prepare: ([, name]) => recordShellContract(projectTarget(ci.owner, name!), CONTRACT_VERSION),
      env: ci.env,
      async readLive([, name]) {
        const response = await fetch(`${apiUrl}/functions/v1/deploy-registry/${name}`, { cache: 'no-store' });
        return response.ok ? parseRegistry(await response.json()).remotes.account?.version : undefined;
      },
    },
    {
      label: 'folder environment',
      fresh: () => ['--env', path.join(workdir, `folder-env-${++folders}`)],
      prepare: async (args) => void (await deploy(['init', ...args])),
      publishArgs: ['--origin', 'http://127.0.0.1:3001'],
      async readLive([, envDir]) {
        const registryFile = path.join(envDir!, 'shell', 'registry.json');
        return existsSync(registryFile) ? parseRegistry(JSON.parse(readFileSync(registryFile, 'utf8'))).remotes.account?.version : undefined;
      },
    },
  ];
  const startUp: Phase[] = [];
  const rounds = new Map<string, Round[]>();
  for (let round = 0; round < ROUNDS; round++) {
    startUp.push(await deploy(['--help']));
    for (const environment of environments) {
      // Alternating which way goes first, so neither always meets the quieter moment.
      for (const oneCall of round % 2 === 0 ? [false, true] : [true, false]) {
        const key = `${environment.label}\0${oneCall}`;
        rounds.set(key, [...(rounds.get(key) ?? []), await publishToLive(environment, oneCall)]);
      }
    }
  }
  console.log(`start-up of one call (portal-deploy --help): ${seconds(startUp.map((p) => p.wall))} (CPU ${seconds(startUp.map((p) => p.cpu))})`);
  for (const environment of environments) {
    for (const oneCall of [false, true]) console.log(describe(environment.label, rounds.get(`${environment.label}\0${oneCall}`)!, oneCall));
  }
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
