// The harness leaves no emulator running past the test file or the process that started it:
// under load, emulators left behind take the CPU the next suites need. Its PGlite template is
// built once however many test processes ask for it at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { ANON_KEY, closeTestEmulators, pgliteTemplateDir, startTestEmulator } from './harness.js';
import { isPortReserved } from '../../scripts/reserve-port.js';

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

/** Waits for the first line `child` prints that matches (printed before the wait or after). */
function printedLines(child: ChildProcess & { stdout: Readable }) {
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const check of waiting) check();
  });
  return (description: string, matches: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = lines.find(matches);
        if (line === undefined) return;
        waiting.delete(check);
        resolve(line);
      };
      waiting.add(check);
      child.once('exit', (code) => reject(new Error(`a test process exited with ${code} before printing ${description}: ${lines.join('\n')}`)));
      check();
    });
}

it('test processes asking for the PGlite template at once build it once, taking over a dead builder\'s lock', async () => {
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(path.join(TMP, 'harness-template-'));
  const root = path.join(dir, 'root');
  mkdirSync(root);
  // The lock a builder killed mid-build leaves (nobody refreshes it any more).
  const template = pgliteTemplateDir(root);
  mkdirSync(`${template}.lock`);
  const longAgo = new Date(Date.now() - 10 * 60_000);
  utimesSync(`${template}.lock`, longAgo, longAgo);
  // Two test processes (as two jest workers on a fresh clone): each loads the harness, says it is
  // ready, and asks for the template when told to, so both ask before either could have built it.
  const script = path.join(dir, 'worker.mjs');
  writeFileSync(
    script,
    `import { createJiti } from 'jiti';
const { preparePgliteTemplate } = await createJiti(import.meta.url).import(${JSON.stringify(path.join(__dirname, 'harness.ts'))});
process.stdin.once('data', async () => {
  console.log(JSON.stringify(await preparePgliteTemplate(process.argv[2])));
  process.exit(0);
});
console.log('ready');
`,
  );
  const workers = [0, 1].map(() => spawn(process.execPath, [script, root], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] }));
  try {
    const lines = workers.map(printedLines);
    await Promise.all(lines.map((next) => next('ready', (line) => line === 'ready')));
    for (const worker of workers) worker.stdin.end('go\n');
    const results = (await Promise.all(lines.map((next) => next('its template', (line) => line.startsWith('{'))))).map(
      (line) => JSON.parse(line) as { dir: string; built: boolean },
    );

    expect(results.map((result) => result.built).sort()).toEqual([false, true]);
    expect(results.map((result) => result.dir)).toEqual([template, template]);
    expect(existsSync(path.join(template, 'pglite', 'PG_VERSION'))).toBe(true);
    // Nothing left beside it: no lock, no half-built copy.
    expect(readdirSync(root)).toEqual([path.basename(template)]);
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

it('an emulator listens on reserved ports the system hands to nobody, and restarts on them', async () => {
  const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  const emulator = await startTestEmulator();
  const api = Number(new URL(emulator.apiUrl).port);
  const mail = Number(new URL(emulator.mailUrl).port);
  try {
    for (const port of [api, mail]) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    await emulator.restart({
      whileStopped: async () => {
        // Stopped, its ports are free, yet still reserved: no other test process is given them.
        await expect(isPortReserved(api)).resolves.toBe(true);
        await expect(isPortReserved(mail)).resolves.toBe(true);
      },
    });
    expect(emulator.apiUrl).toBe(`http://127.0.0.1:${api}`);
    expect((await fetch(`${emulator.apiUrl}/auth/v1/health`, { headers: { apikey: ANON_KEY } })).status).toBe(200);
    // Its output holds each line it printed once: the stop, and each start's banner.
    expect(emulator.output.filter((line) => line.startsWith('Stopping ('))).toEqual(['Stopping (SIGTERM)…']);
    expect(emulator.output.filter((line) => /anon key: /.test(line))).toHaveLength(2);
  } finally {
    await emulator.stop();
  }
  // Stopped for good, they are given back.
  await expect(isPortReserved(api)).resolves.toBe(false);
  await expect(isPortReserved(mail)).resolves.toBe(false);
}, 150_000);

it("emulators of one supabase/ folder start from the run's seeded copy from the second on: same rows, same stored files, nothing applied again", async () => {
  const supabaseDir = path.join(ROOT, 'supabase');
  // A comment of this test's own in config.toml: the run's seeded copies are kept per folder's
  // contents, and the run's other suites start many emulators on the portal's folder as it is, so
  // the first of these two would otherwise start from their copy whenever one of them ran before.
  const own = `\n# ${randomUUID()}: the seeded copy of the harness test's own\n`;
  const config = (siteUrl: string) => readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8').replace(/^site_url = ".*"$/m, `site_url = "${siteUrl}"`) + own;
  // Each on its own site_url, as each test portal's shell is on its own port.
  const start = (port: number) => startTestEmulator({ copySupabaseDir: supabaseDir, configToml: config(`http://localhost:${port}`), reuseSeeded: true });
  const what = async (emulator: Awaited<ReturnType<typeof start>>) => {
    const admin = emulator.admin();
    const people = await admin.from('profiles').select('id').order('id');
    const file = await emulator.client().storage.from('public-assets').download('welcome.md');
    return { people: people.data, peopleError: people.error, file: await file.data?.text(), fileError: file.error };
  };
  const first = await start(1);
  const second = await start(2);
  try {
    expect(first.output.join('\n')).toMatch(/Applied migration/);
    expect(second.output.join('\n')).not.toMatch(/Applied migration|Seeded/);
    const seen = await what(second);
    expect(seen.people?.length).toBeGreaterThan(0);
    expect(seen.file).toBeTruthy();
    expect(seen).toEqual(await what(first));
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
});

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
