// From `npx @portal/deploy new-remote --standalone` to the remote live on a local portal, as a
// team outside the repository does it (#38), wall clock and steps: the portal's packages are
// released into a throwaway Verdaccio (not timed: the portal's part), then, in a temporary folder
// outside the repository with npm pointed at that registry alone, the team's commands, each timed:
//   1. npx @portal/deploy new-remote --standalone notes    the repository
//   2. npm install                                          from the registry
//   3. npm run dev                                          until the shell's registry names the remote
//                                                           and its manifest answers: live
// npm's cache is the machine's (~/.npm): after the first run, tarballs come from it, as on a
// developer's machine; the first run on a machine pays the downloads too (printed as it is).
//   node --import tsx bench/create-to-live.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { awaitLine, sh, startTeamRegistry } from '../tests/support/team-registry.js';

const REPO = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'portal-create-to-live-'));
const team = path.join(work, 'notes');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const releaseStart = performance.now();
const registry = await startTeamRegistry(work, REPO);
console.log(`Released the portal's packages into ${registry.url} in ${seconds(performance.now() - releaseStart)} (not counted).`);

const steps: Array<{ command: string; ms: number }> = [];
try {
  for (const [command, cwd] of [
    ['npx @portal/deploy new-remote --standalone notes', work],
    ['npm install', team],
  ] as const) {
    const start = performance.now();
    const { code, output } = await sh(command, cwd, registry.env);
    if (code !== 0) throw new Error(`${command} exited ${code}:\n${output.slice(-3000)}`);
    steps.push({ command, ms: performance.now() - start });
  }

  const command = 'npm run dev -- --port 0 --emulator-port 0 --mail-port 0 --dev-server-port 0';
  const start = performance.now();
  const dev = spawn('sh', ['-c', command], { cwd: team, env: registry.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  try {
    const page = await awaitLine(dev, (line) => /^Portal: (\S+)/.exec(line)?.[1], 'npm run dev');
    // Live: the registry the shell reads names the remote, and its manifest answers.
    const live = (await (await fetch(new URL('/registry.json', page))).json()) as { remotes: Record<string, { manifest: string }> };
    const manifest = live.remotes.notes?.manifest;
    if (!manifest || !(await fetch(manifest)).ok) throw new Error(`The portal's registry does not serve notes: ${JSON.stringify(live)}`);
    steps.push({ command: 'npm run dev (until live)', ms: performance.now() - start });
  } finally {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid!, 'SIGTERM');
    await exited;
  }

  console.log('\nCreate to live, a team repository from the registry:');
  for (const [i, step] of steps.entries()) console.log(`  ${i + 1}. ${step.command.padEnd(52)} ${seconds(step.ms).padStart(8)}`);
  console.log(`  ${steps.length} steps, ${seconds(steps.reduce((sum, step) => sum + step.ms, 0))} wall clock`);
} finally {
  await registry.stop();
  rmSync(work, { recursive: true, force: true });
}
