// Emulator start-up: how long `portal-emulator start` takes until it answers /auth/v1/health,
// with a fresh data directory (cold: bootstrap of roles, schemas and the auth schema) and
// again on the same data (warm). Prints figures; nothing passes or fails on time.
//   node --import tsx bench/emulator-startup.ts [runs]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'emulator/bin/portal-emulator.js');
const runs = Number(process.argv[2] ?? 3);

function start(
  workdir: string,
): Promise<{ child: ChildProcess; apiUrl: string; printedReady: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'start', '--workdir', workdir, '--port', '0', '--mail-port', '0'],
      {
        env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' },
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

async function timeToHealthy(
  workdir: string,
): Promise<{ total: number; inProcess: number; child: ChildProcess }> {
  const started = performance.now();
  const { child, apiUrl, printedReady } = await start(workdir);
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
  return { total: (performance.now() - started) / 1000, inProcess: printedReady, child };
}

const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const rows: string[] = [];
for (let run = 1; run <= runs; run++) {
  const workdir = mkdtempSync(path.join(tmp, 'bench-startup-'));
  mkdirSync(path.join(workdir, 'supabase'));
  writeFileSync(
    path.join(workdir, 'supabase/config.toml'),
    '[auth]\nsite_url = "http://127.0.0.1:3000"\n',
  );
  try {
    const cold = await timeToHealthy(workdir);
    await stop(cold.child);
    const warm = await timeToHealthy(workdir);
    await stop(warm.child);
    rows.push(
      `run ${run}: cold ${cold.total.toFixed(2)} s to healthy (${cold.inProcess.toFixed(1)} s inside the process), ` +
        `warm ${warm.total.toFixed(2)} s (${warm.inProcess.toFixed(1)} s inside)`,
    );
    console.log(rows.at(-1));
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}
console.log(
  `emulator start-up, ${runs} run(s), PGlite, spawn → first healthy /auth/v1/health (figures only)`,
);
