// Edge Functions on the emulator, with the project's own functions: cold start (bundle and
// worker boot), warm latency, concurrent throughput, reload after an edit, embeddings and
// event streams. Prints figures; nothing passes or fails on time.
//   node --import tsx bench/functions.ts
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { latencies, percentile, startEmulator, stop, timed } from './_support.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const PROJECT_SUPABASE = path.resolve(import.meta.dirname, '../supabase');

function report(label: string, figure: string): void {
  console.log(`${`${label}:`.padEnd(48)} ${figure}`);
}

function must<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-functions-'));
cpSync(path.join(PROJECT_SUPABASE, 'functions'), path.join(workdir, 'supabase/functions'), {
  recursive: true,
});
cpSync(path.join(PROJECT_SUPABASE, 'config.toml'), path.join(workdir, 'supabase/config.toml'));
const [{ child, apiUrl }, startMs] = await timed(() => startEmulator(workdir));
console.log(`emulator ready in ${(startMs / 1000).toFixed(1)} s`);
try {
  const supabase = createClient(apiUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const invoke = (name: string, options: Parameters<typeof supabase.functions.invoke>[1] = {}) =>
    supabase.functions.invoke(name, options).then(must);

  const [, helloCold] = await timed(() => invoke('hello', { method: 'GET' }));
  report('cold start hello (bundle + worker boot)', `${helloCold.toFixed(0)} ms`);
  const [, embedCold] = await timed(() => invoke('embed', { method: 'GET' }));
  report('cold start embed (with zod)', `${embedCold.toFixed(0)} ms`);
  const [, echoCold] = await timed(() => invoke('echo', { method: 'GET' }));
  report('cold start echo', `${echoCold.toFixed(0)} ms`);

  report('warm hello GET', await latencies(300, () => invoke('hello', { method: 'GET' })));
  const body = { text: 'x'.repeat(100 * 1024) };
  report('warm echo, 100 KiB JSON body', await latencies(100, () => invoke('echo', { body })));

  const total = 400;
  const concurrency = 16;
  let next = 0;
  const [, concurrentMs] = await timed(() =>
    Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          await invoke('hello', { method: 'GET' });
        }
      }),
    ),
  );
  report(
    `hello, ${total} calls ${concurrency} at a time`,
    `${(total / (concurrentMs / 1000)).toFixed(0)} req/s`,
  );

  const texts = Array.from({ length: 100 }, (_, i) =>
    `Document ${i}: refunds, shipping and passwords, paragraph ${i}. `.repeat(8),
  );
  report(
    'embed 100 texts of ~500 chars per call',
    await latencies(20, () => invoke('embed', { body: { input: texts } })),
  );

  const [stream, streamMs] = await timed(async () => {
    const response = (await invoke('slow?count=100&interval=0', { method: 'GET' })) as Response;
    return response.text();
  });
  const events = stream.split('\n\n').filter(Boolean).length;
  report(
    `slow stream, ${events} events back to back`,
    `${streamMs.toFixed(0)} ms (${(streamMs / events).toFixed(2)} ms/event)`,
  );

  const helloFile = path.join(workdir, 'supabase/functions/hello/index.ts');
  const source = readFileSync(helloFile, 'utf8');
  const reloads: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    writeFileSync(helloFile, `${source}\n// edit ${i}\n`);
    reloads.push((await timed(() => invoke('hello', { method: 'GET' })))[1]);
  }
  reloads.sort((a, b) => a - b);
  report(
    'first call after editing hello (rebundle)',
    `p50 ${percentile(reloads, 50).toFixed(0)} ms (n=5)`,
  );
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
