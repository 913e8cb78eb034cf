// Realtime on the emulator (PGlite): broadcast fan-out latency to 100 subscribers and
// postgres_changes delivery latency, each measured from the sender's clock to every receiver
// (sender and receivers share this process, so one clock). Prints figures; nothing passes or
// fails on time.
//   node --import tsx bench/realtime.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { percentile, startEmulator, stop } from './_support.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const SUBSCRIBERS = 100;
const BROADCASTS = 100;
const RLS_SUBSCRIBERS = 20;
const CHANGES = 50;

const MIGRATION = `
create table public.bench_public (id bigint generated always as identity primary key, sent_at double precision not null);
alter publication supabase_realtime add table public.bench_public;
create table public.bench_private (id bigint generated always as identity primary key, owner uuid not null,
  sent_at double precision not null);
alter table public.bench_private enable row level security;
create policy "everyone signed in reads" on public.bench_private for select to authenticated using (true);
alter publication supabase_realtime add table public.bench_private;
`;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (n=${sorted.length})`;
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`${channel.topic}: ${status} ${error?.message ?? ''}`));
    }),
  );
}

async function userToken(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** Resolves when `count` arrivals have been recorded. */
function arrivals(count: number): {
  record(sentAt: number): void;
  done: Promise<void>;
  samples: number[];
} {
  const samples: number[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  return {
    samples,
    done,
    record(sentAt: number) {
      samples.push(performance.now() - sentAt);
      if (samples.length === count) resolve();
    },
  };
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-realtime-'));
mkdirSync(path.join(workdir, 'supabase', 'migrations'), { recursive: true });
writeFileSync(path.join(workdir, 'supabase', 'migrations', '20240101000000_bench.sql'), MIGRATION);
const started = performance.now();
const { child, apiUrl } = await startEmulator(workdir);
console.log(`emulator ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const clients: SupabaseClient[] = [];
const client = (key = ANON_KEY) => {
  const created = createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  clients.push(created);
  return created;
};

try {
  // Broadcast fan-out: one sender, 100 subscribers on their own sockets, one message at a
  // time (the next goes out once all 100 have the previous one), so figures are latency, not queueing.
  let current = arrivals(0);
  const receivers = Array.from({ length: SUBSCRIBERS }, () =>
    client()
      .channel('bench-fanout')
      .on('broadcast', { event: 'tick' }, ({ payload }) =>
        current.record((payload as { sentAt: number }).sentAt),
      ),
  );
  await Promise.all(receivers.map(subscribed));
  const sender = client().channel('bench-fanout');
  await subscribed(sender);
  const fanout: number[] = [];
  for (let i = 0; i < BROADCASTS; i++) {
    current = arrivals(SUBSCRIBERS);
    await sender.send({
      type: 'broadcast',
      event: 'tick',
      payload: { sentAt: performance.now(), i },
    });
    await current.done;
    fanout.push(...current.samples);
  }
  console.log(
    `broadcast to ${SUBSCRIBERS} subscribers (JSON, kind 3 → kind 4):  ${summary(fanout)}`,
  );
  await Promise.all(receivers.map((r) => r.unsubscribe()));

  // postgres_changes, one claims group: 100 anon subscribers, a table without RLS.
  const admin = client(SERVICE_ROLE_KEY);
  const changeReceivers = Array.from({ length: SUBSCRIBERS }, () =>
    client()
      .channel('bench-public')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'bench_public' },
        ({ new: row }) => current.record((row as { sent_at: number }).sent_at),
      ),
  );
  await Promise.all(changeReceivers.map(subscribed));
  const publicSamples: number[] = [];
  const insertTimes: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    current = arrivals(SUBSCRIBERS);
    const sentAt = performance.now();
    const { error } = await admin.from('bench_public').insert({ sent_at: sentAt });
    if (error) throw new Error(`insert failed: ${error.message}`);
    insertTimes.push(performance.now() - sentAt);
    await current.done;
    publicSamples.push(...current.samples);
  }
  console.log(`  (for scale: the REST insert itself answers in ${summary(insertTimes)})`);
  console.log(
    `postgres_changes INSERT to ${SUBSCRIBERS} subscribers (same role, no RLS): ${summary(publicSamples)}`,
  );
  await Promise.all(changeReceivers.map((r) => r.unsubscribe()));

  // postgres_changes under RLS with 20 different users: one visibility check per user per change.
  const rlsReceivers: RealtimeChannel[] = [];
  for (let u = 0; u < RLS_SUBSCRIBERS; u++) {
    const user = client();
    await user.realtime.setAuth(
      await userToken(`00000000-0000-4000-8000-${String(u).padStart(12, '0')}`),
    );
    rlsReceivers.push(
      user
        .channel('bench-private')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'bench_private' },
          ({ new: row }) => current.record((row as { sent_at: number }).sent_at),
        ),
    );
  }
  await Promise.all(rlsReceivers.map(subscribed));
  const rlsSamples: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    current = arrivals(RLS_SUBSCRIBERS);
    const { error } = await admin
      .from('bench_private')
      .insert({ owner: '00000000-0000-4000-8000-000000000000', sent_at: performance.now() });
    if (error) throw new Error(`insert failed: ${error.message}`);
    await current.done;
    rlsSamples.push(...current.samples);
  }
  console.log(
    `postgres_changes INSERT to ${RLS_SUBSCRIBERS} users under RLS (one check each):  ${summary(rlsSamples)}`,
  );
} finally {
  await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)));
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
process.exit(0);
