// Seconds from `portal-deploy publish` to live for one remote (the account remote's build, as a
// team would ship it): into a Supabase Storage bucket on the emulator, and into a folder
// environment. Two ways: `publish` then `promote` (two calls), and `publish --promote` (one).
// No shell rebuild: the shell reads the registry at run time. Each phase is timed, with the CPU
// the CLI's processes used (steadier than the wall clock on a loaded machine), and `--help` alone
// as the start-up every call pays; medians of a few rounds, the two ways alternating.
//   node --import tsx bench/deploy-publish.ts [rounds]
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseRegistry } from '@portal/platform/registry';
import { percentile, startEmulator, stop } from './_support.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const TARGET_SECONDS = 10;
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

async function publishToLive({ fresh, publishArgs = [], env = {}, readLive }: Environment, oneCall: boolean): Promise<Round> {
  const args = fresh();
  await deploy(['init', ...args], env);
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

const { child, apiUrl } = await startEmulator(path.join(workdir, 'emulator'));
try {
  // The first call compiles the CLI when its sources changed (deploy/bin/compiled-cli.js): not timed.
  await deploy(['--help']);
  let buckets = 0;
  let folders = 0;
  const environments: Environment[] = [
    {
      label: 'Supabase Storage bucket (emulator)',
      fresh: () => ['--bucket', `bench-portal-${++buckets}`],
      env: { PORTAL_DEPLOY_PROJECT_URL: apiUrl, PORTAL_DEPLOY_SERVICE_KEY: SERVICE_ROLE_KEY },
      async readLive([, bucket]) {
        const response = await fetch(`${apiUrl}/storage/v1/object/public/${bucket}/registry.json`, { cache: 'no-store' });
        return response.ok ? parseRegistry(await response.json()).remotes.account?.version : undefined;
      },
    },
    {
      label: 'folder environment',
      fresh: () => ['--env', path.join(workdir, `folder-env-${++folders}`)],
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
