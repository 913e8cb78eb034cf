// Emulator start-up: how long `portal-emulator start` takes until it answers /auth/v1/health,
// and the process's peak memory (VmHWM) by then, in three ways: the very first start (no
// database image yet: initdb and the bootstrap, then the image is stored), a cold start (a new
// data directory copied from the image: what `start` on a new project or `--reset` costs) and a
// warm start (the same data directory again). Each run has its own image cache folder, so the
// first start is really first; the cold start is printed as a ratio to it, its baseline.
// Prints figures; nothing passes or fails on time.
//   node --import tsx bench/emulator-startup.ts [runs]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'emulator/bin/portal-emulator.js');
const runs = Number(process.argv[2] ?? 3);

function start(
  workdir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; apiUrl: string; printedReady: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'start', '--workdir', workdir, '--port', '0', '--mail-port', '0'],
      {
        env: { ...process.env, PORTAL_EMULATOR_QUIET: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const apiUrl = /API URL: (\S+)/.exec(out)?.[1];
      const ready = /Started portal emulator in ([\d.]+)s/.exec(out)?.[1];
      if (apiUrl && ready) resolve({ child, apiUrl, printedReady: Number(ready) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

/** User + system CPU seconds a process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Start {
  total: number;
  /** CPU the process used until healthy: on a loaded machine steadier than the wall clock. */
  cpu: number;
  inProcess: number;
  rssMb: number;
  child: ChildProcess;
}

async function timeToHealthy(workdir: string, env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const { child, apiUrl, printedReady } = await start(workdir, env);
  const giveUp = performance.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${apiUrl}/auth/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() > giveUp) {
      await stop(child);
      throw new Error('the emulator printed its URLs but /auth/v1/health never answered');
    }
  }
  const total = (performance.now() - started) / 1000;
  return {
    total,
    inProcess: printedReady,
    cpu: cpuSeconds(child.pid!),
    rssMb: peakRssMb(child.pid!),
    child,
  };
}

function describe(start: Start): string {
  return `${start.total.toFixed(2)} s to healthy (${start.inProcess.toFixed(1)} s inside the process, ${start.cpu.toFixed(1)} s of CPU), peak RSS ${start.rssMb.toFixed(0)} MB`;
}

function newWorkdir(): string {
  const workdir = mkdtempSync(path.join(tmp, 'bench-startup-'));
  mkdirSync(path.join(workdir, 'supabase'));
  writeFileSync(
    path.join(workdir, 'supabase/config.toml'),
    '[auth]\nsite_url = "http://127.0.0.1:3000"\n',
  );
  return workdir;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const firsts: number[] = [];
const colds: number[] = [];
const coldCpu: number[] = [];
const firstCpu: number[] = [];
for (let run = 1; run <= runs; run++) {
  const cacheDir = mkdtempSync(path.join(tmp, 'bench-startup-cache-'));
  const env = { PORTAL_EMULATOR_CACHE_DIR: cacheDir };
  const workdirs = [newWorkdir(), newWorkdir()];
  try {
    const first = await timeToHealthy(workdirs[0]!, env);
    await stop(first.child);
    const cold = await timeToHealthy(workdirs[1]!, env);
    await stop(cold.child);
    const warm = await timeToHealthy(workdirs[1]!, env);
    await stop(warm.child);
    firsts.push(first.total);
    colds.push(cold.total);
    firstCpu.push(first.cpu);
    coldCpu.push(cold.cpu);
    console.log(
      `run ${run}:\n  first start (initdb + bootstrap, stores the image) ${describe(first)}\n` +
        `  cold start (new data directory from the image) ${describe(cold)}, ${(cold.total / first.total).toFixed(2)}× the first start (CPU ${(cold.cpu / first.cpu).toFixed(2)}×)\n` +
        `  warm start (same data directory) ${describe(warm)}`,
    );
  } finally {
    for (const dir of [...workdirs, cacheDir]) rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  `emulator start-up, ${runs} run(s), PGlite, spawn → first healthy /auth/v1/health: median cold start ${median(colds).toFixed(2)} s = ${(median(colds) / median(firsts)).toFixed(2)}× the first start; CPU ${median(coldCpu).toFixed(1)} s = ${(median(coldCpu) / median(firstCpu)).toFixed(2)}× (figures only)`,
);
