// What the benchmarks share: an emulator process on free ports, and latency arithmetic.
// (Files starting with `_` are not benchmarks: bench/run.ts skips them.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../emulator/bin/portal-emulator.js');

/**
 * A new scratch folder under the checkout's `.tmp/` (gitignored), made first if a fresh clone has
 * none yet; the caller removes the folder when it is done.
 */
export function scratchFolder(prefix: string): string {
  const tmp = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(tmp, { recursive: true });
  return mkdtempSync(path.join(tmp, prefix));
}

/** Starts `portal-emulator start` for a workdir on free ports; resolves with its API URL. */
export function startEmulator(
  workdir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; apiUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'start', '--workdir', workdir, '--port', '0', '--mail-port', '0'], {
      env: { ...process.env, PORTAL_EMULATOR_QUIET: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /API URL: (\S+)/.exec(seen);
      if (match) resolve({ child, apiUrl: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The p-th percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

/** Runs `fn` `count` times one after another and describes the latencies. */
export async function latencies(count: number, fn: (i: number) => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) times.push((await timed(() => fn(i)))[1]);
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (n=${count})`;
}
