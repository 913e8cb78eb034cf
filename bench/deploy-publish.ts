// Seconds from `portal-deploy publish` + `promote` to live for one remote (the account remote's
// build, as a team would ship it): into a Supabase Storage bucket on the emulator, and into a
// folder environment. No shell rebuild: the shell reads the registry at run time. Prints figures.
//   node --import tsx bench/deploy-publish.ts
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseRegistry } from '@portal/platform/registry';
import { startEmulator, stop, timed } from './_support.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const TARGET_SECONDS = 10;

const deploy = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [CLI, ...args], { cwd: REPO, env: { ...process.env, NODE_NO_WARNINGS: '1', ...env } }).then((r) => r.stdout);

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
  /** The options naming the environment. */
  args: string[];
  /** More options for publish (a folder environment's origin for the remote). */
  publishArgs?: string[];
  env?: Record<string, string>;
  /** The account remote's version in the registry browsers read. */
  readLive(): Promise<string | undefined>;
}

async function publishToLive({ label, args, publishArgs = [], env = {}, readLive }: Environment): Promise<void> {
  await deploy(['init', ...args], env);
  const [version, ms] = await timed(async () => {
    const staged = await deploy(['publish', 'account', '--dist', build, ...args, ...publishArgs], env);
    const release = /account@(\S+)/.exec(staged)![1]!;
    await deploy(['promote', `account@${release}`, ...args], env);
    // Live: the registry a browser fetches names the release.
    while ((await readLive()) !== release) await new Promise((resolve) => setTimeout(resolve, 20));
    return release;
  });
  console.log(`${label}: publish + promote → live ${(ms / 1000).toFixed(2)} s for account@${version} (target < ${TARGET_SECONDS} s, no shell rebuild)`);
}

const { child, apiUrl } = await startEmulator(path.join(workdir, 'emulator'));
try {
  const bucket = 'bench-portal';
  await publishToLive({
    label: 'Supabase Storage bucket (emulator)',
    args: ['--bucket', bucket],
    env: { PORTAL_DEPLOY_PROJECT_URL: apiUrl, PORTAL_DEPLOY_SERVICE_KEY: SERVICE_ROLE_KEY },
    async readLive() {
      const response = await fetch(`${apiUrl}/storage/v1/object/public/${bucket}/registry.json`, { cache: 'no-store' });
      return response.ok ? parseRegistry(await response.json()).remotes.account?.version : undefined;
    },
  });
  const envDir = path.join(workdir, 'folder-env');
  const registryFile = path.join(envDir, 'shell', 'registry.json');
  await publishToLive({
    label: 'folder environment',
    args: ['--env', envDir],
    publishArgs: ['--origin', 'http://127.0.0.1:3001'],
    async readLive() {
      return existsSync(registryFile) ? parseRegistry(JSON.parse(readFileSync(registryFile, 'utf8'))).remotes.account?.version : undefined;
    },
  });
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
