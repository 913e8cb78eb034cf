// The harness leaves no emulator running past the test file or the process that started it:
// under load, emulators left behind take the CPU the next suites need.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { closeTestEmulators, startTestEmulator } from './harness.js';

const ROOT = path.resolve(__dirname, '../..');
const TMP = path.join(ROOT, '.tmp');
/** How long a stopped emulator may take to be gone (a graceful stop on a busy machine). */
const GONE_WITHIN_MS = 30_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Emulator processes this process launched: pid and --workdir, from /proc. */
function emulatorChildren(): { pid: number; workdir: string }[] {
  const found: { pid: number; workdir: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (ppid !== process.pid || !args.some((a) => a.endsWith('portal-emulator.js'))) continue;
      found.push({ pid: Number(name), workdir: args[args.indexOf('--workdir') + 1]! });
    } catch {
      // The process ended while it was being read.
    }
  }
  return found;
}

async function until<T>(what: string, probe: () => T | undefined, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('an emulator whose test process is killed outright stops by itself', async () => {
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(path.join(TMP, 'harness-parent-'));
  // A test process of its own: it starts an emulator through the harness, then is SIGKILLed, so
  // none of its own clean-up (exit handlers, afterAll, the test environment's teardown) runs.
  const script = path.join(dir, 'parent.mjs');
  writeFileSync(
    script,
    `import { createJiti } from 'jiti';
const { startTestEmulator } = await createJiti(import.meta.url).import(${JSON.stringify(path.join(__dirname, 'harness.ts'))});
const emulator = await startTestEmulator();
console.log(JSON.stringify({ pid: emulator.pid, workdir: emulator.workdir }));
setInterval(() => {}, 60_000);
`,
  );
  const parent = spawn(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let emulator: { pid: number; workdir: string } | undefined;
  try {
    emulator = await new Promise<{ pid: number; workdir: string }>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { pid: number; workdir: string });
      });
      parent.once('exit', (code) => reject(new Error(`the test process exited with ${code} before its emulator ran`)));
    });
    expect(alive(emulator.pid)).toBe(true);
    parent.kill('SIGKILL');
    expect(await gone(emulator.pid, GONE_WITHIN_MS)).toBe(true);
  } finally {
    parent.kill('SIGKILL');
    if (emulator && alive(emulator.pid)) process.kill(emulator.pid, 'SIGKILL');
    if (emulator) rmSync(emulator.workdir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);

// Last in this file: it ends the file's emulators as the test environment does when a file ends.
it('when a test file ends, its emulators are stopped, one still starting included, and none starts after', async () => {
  const started = await startTestEmulator();
  // As a beforeAll that timed out leaves it: the start goes on, nobody will stop what it makes.
  const starting = startTestEmulator();
  starting.catch(() => {});
  const pending = await until(
    'the second emulator process',
    () => emulatorChildren().find((child) => child.pid !== started.pid),
    120_000,
  );

  await closeTestEmulators();

  await expect(starting).rejects.toThrow(/emulator exited/);
  expect(alive(started.pid)).toBe(false);
  expect(alive(pending.pid)).toBe(false);
  expect(existsSync(started.workdir)).toBe(false);
  expect(existsSync(pending.workdir)).toBe(false);
  expect(emulatorChildren()).toEqual([]);
  await expect(startTestEmulator()).rejects.toThrow(/the test file has ended/);
}, 150_000);
