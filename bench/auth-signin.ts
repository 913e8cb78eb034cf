// Password sign-ins per second through the emulator's /auth/v1/token?grant_type=password,
// with several clients at once, plus refresh-token rotations per second for comparison.
// Prints figures; nothing passes or fails on time.
//   node --import tsx bench/auth-signin.ts [seconds] [concurrency]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'emulator/bin/portal-emulator.js');
const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 4);
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const CONFIG = `[auth]
site_url = "http://127.0.0.1:3000"
[auth.rate_limit]
token_refresh = 1000000
sign_in_sign_ups = 1000000
`;

function start(workdir: string): Promise<{ child: ChildProcess; apiUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'start', '--workdir', workdir, '--port', '0', '--mail-port', '0'],
      {
        env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const apiUrl = /API URL: (\S+)/.exec(out)?.[1];
      if (apiUrl) resolve({ child, apiUrl });
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
  });
}

async function post(url: string, body: unknown, key = ANON_KEY): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(label: string, work: (worker: number) => Promise<void>): Promise<void> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await work(worker);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label}: ${(latencies.length / elapsed).toFixed(1)}/s over ${elapsed.toFixed(1)} s with ${concurrency} clients ` +
      `(p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, n=${latencies.length})`,
  );
}

const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const workdir = mkdtempSync(path.join(tmp, 'bench-signin-'));
mkdirSync(path.join(workdir, 'supabase'));
writeFileSync(path.join(workdir, 'supabase/config.toml'), CONFIG);
let child: ChildProcess | null = null;
try {
  const started = await start(workdir);
  child = started.child;
  const auth = `${started.apiUrl}/auth/v1`;
  const users = Array.from({ length: concurrency }, (_, i) => ({
    email: `bench-${i}@example.com`,
    password: 'bench-password-1',
  }));
  for (const user of users) {
    await post(`${auth}/admin/users`, { ...user, email_confirm: true }, SERVICE_ROLE_KEY);
  }
  await measure('password sign-ins (bcrypt cost 10)', async (worker) => {
    await post(`${auth}/token?grant_type=password`, users[worker]);
  });
  const tokens = await Promise.all(
    users.map(
      async (user) =>
        (await post(`${auth}/token?grant_type=password`, user)).refresh_token as string,
    ),
  );
  await measure('refresh-token rotations', async (worker) => {
    const session = await post(`${auth}/token?grant_type=refresh_token`, {
      refresh_token: tokens[worker],
    });
    tokens[worker] = session.refresh_token as string;
  });
} finally {
  const running = child;
  if (running && running.exitCode === null) {
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }
  rmSync(workdir, { recursive: true, force: true });
}
