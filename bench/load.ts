// Load on the emulator (PGlite, loopback only): simulated people, each with their own
// supabase-js client and realtime socket, sign in, read, write rows, upload files and chat in
// one broadcast room for a fixed time. Prints requests served, p50/p99 per kind, errors, and
// what was lost — rows and files each person was told were stored, and messages each person
// sent that did not reach every other person — counted from the database and storage at the end.
// Figures only: nothing here passes or fails on time; the exit code is 1 when anything failed
// or was lost.
//   node --import tsx bench/load.ts [--people 50] [--seconds 60] [--think-ms 250] [--seed 1]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { percentile, startEmulator, stop } from './_support.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const { values: flags } = parseArgs({
  options: {
    people: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '250' },
    seed: { type: 'string', default: '1' },
  },
});
const PEOPLE = Number(flags.people);
const SECONDS = Number(flags.seconds);
const THINK_MS = Number(flags['think-ms']);
const PASSWORD = 'load-password-1';
/** How long, after the last send, messages may take to reach everyone before counting them lost. */
const DRAIN_MS = 15_000;

const CONFIG = `[auth]
site_url = "http://127.0.0.1:3000"
[auth.rate_limit]
token_refresh = 1000000
sign_in_sign_ups = 1000000
token_verifications = 1000000
`;

const MIGRATION = `
create table public.load_notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id),
  body text not null,
  created_at timestamptz not null default now()
);
alter table public.load_notes enable row level security;
create policy "own notes: read" on public.load_notes for select to authenticated
  using (owner = (select auth.uid()));
create policy "own notes: write" on public.load_notes for insert to authenticated
  with check (owner = (select auth.uid()));
grant select, insert on public.load_notes to authenticated;

insert into storage.buckets (id, name, public) values ('load', 'load', false);
create policy "load: own folder read" on storage.objects for select to authenticated
  using (bucket_id = 'load' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "load: own folder write" on storage.objects for insert to authenticated
  with check (bucket_id = 'load' and (storage.foldername(name))[1] = (select auth.uid()::text));
`;

type Kind = 'sign-in' | 'read' | 'write' | 'upload' | 'message sent' | 'message received';

/** mulberry32, so a run's mix of actions can be replayed with --seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const latencies = new Map<Kind, number[]>();
const errors = new Map<string, number>();

function record(kind: Kind, ms: number): void {
  const list = latencies.get(kind) ?? [];
  list.push(ms);
  latencies.set(kind, list);
}

function fail(kind: Kind, what: unknown): void {
  const text = `${kind}: ${what instanceof Error ? what.message : JSON.stringify(what)}`.slice(0, 200);
  errors.set(text, (errors.get(text) ?? 0) + 1);
}

/** Runs one request, timing it; a supabase-js `{ error }` or a throw counts as an error. */
async function measured(kind: Kind, run: () => PromiseLike<{ error: unknown }>): Promise<boolean> {
  const started = performance.now();
  try {
    const { error } = await run();
    if (error) {
      fail(kind, error);
      return false;
    }
    record(kind, performance.now() - started);
    return true;
  } catch (error) {
    fail(kind, error);
    return false;
  }
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(new Error(`${channel.topic}: ${status} ${error?.message ?? ''}`));
    }),
  );
}

interface Person {
  index: number;
  email: string;
  id: string;
  client: SupabaseClient;
  room: RealtimeChannel;
  rowsStored: number;
  filesStored: number;
}

/** Message id → the people (indexes) it reached; and who sent each acknowledged message. */
const delivered = new Map<string, Set<number>>();
const sentBy = new Map<string, number>();

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
mkdirSync(path.join(workdir, 'supabase', 'migrations'), { recursive: true });
writeFileSync(path.join(workdir, 'supabase', 'config.toml'), CONFIG);
writeFileSync(path.join(workdir, 'supabase', 'migrations', '20240101000000_load.sql'), MIGRATION);
const started = performance.now();
const { child, apiUrl } = await startEmulator(workdir);
console.log(`emulator ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${PEOPLE} people for ${SECONDS} s, ${THINK_MS} ms average pause between actions, seed ${flags.seed}`);

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};
const admin = createClient(apiUrl, SERVICE_ROLE_KEY, options);
const people: Person[] = [];

async function join(index: number): Promise<Person> {
  const email = `load-${index}@example.com`;
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(apiUrl, ANON_KEY, options);
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  const room = client.channel('load-room', { config: { broadcast: { self: false, ack: true } } });
  room.on('broadcast', { event: 'say' }, ({ payload }) => {
    const { id, sentAt } = payload as { id: string; sentAt: number };
    let reached = delivered.get(id);
    if (!reached) delivered.set(id, (reached = new Set()));
    reached.add(index);
    record('message received', performance.now() - sentAt);
  });
  await subscribed(room);
  return { index, email, id: created.data.user.id, client, room, rowsStored: 0, filesStored: 0 };
}

async function act(person: Person, random: () => number, sequence: number): Promise<void> {
  const roll = random();
  const { client } = person;
  if (roll < 0.05) {
    await measured('sign-in', () => client.auth.signInWithPassword({ email: person.email, password: PASSWORD }));
  } else if (roll < 0.45) {
    await measured('read', () => client.from('load_notes').select('id, body').order('id', { ascending: false }).limit(20));
  } else if (roll < 0.7) {
    if (await measured('write', () => client.from('load_notes').insert({ body: `note ${sequence} of ${person.index}` })))
      person.rowsStored += 1;
  } else if (roll < 0.8) {
    const body = `file ${sequence} of ${person.index}\n`.repeat(200);
    if (
      await measured('upload', () =>
        client.storage.from('load').upload(`${person.id}/f-${sequence}.txt`, body, { contentType: 'text/plain' }),
      )
    )
      person.filesStored += 1;
  } else {
    const id = `${person.index}-${sequence}`;
    await measured('message sent', async () => {
      const status = await person.room.send({ type: 'broadcast', event: 'say', payload: { id, sentAt: performance.now() } });
      if (status === 'ok') sentBy.set(id, person.index);
      return { error: status === 'ok' ? null : `send answered ${status}` };
    });
  }
}

async function live(person: Person, deadline: number): Promise<void> {
  const random = seededRandom(Number(flags.seed) * 1000 + person.index);
  // Spread the first actions so people do not all start in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, random() * THINK_MS));
  for (let sequence = 0; performance.now() < deadline; sequence += 1) {
    await act(person, random, sequence);
    await new Promise((resolve) => setTimeout(resolve, random() * 2 * THINK_MS));
  }
}

/** Messages still missing somebody: every acknowledged message should reach everyone but its sender. */
function undelivered(): number {
  let missing = 0;
  for (const [id, sender] of sentBy) {
    const reached = delivered.get(id);
    missing += PEOPLE - 1 - (reached ? [...reached].filter((index) => index !== sender).length : 0);
  }
  return missing;
}

/** Objects in a person's folder, listed a page (storage's maximum of 1000) at a time. */
async function countFiles(folder: string): Promise<number> {
  let total = 0;
  for (;;) {
    const { data, error } = await admin.storage.from('load').list(folder, { limit: 1000, offset: total });
    if (error) throw error;
    total += data.length;
    if (data.length < 1000) return total;
  }
}

let exitCode = 0;
try {
  const joinStarted = performance.now();
  for (let index = 0; index < PEOPLE; index += 10) {
    const batch = Array.from({ length: Math.min(10, PEOPLE - index) }, (_, i) => join(index + i));
    people.push(...(await Promise.all(batch)));
  }
  console.log(`${PEOPLE} people signed up, signed in and subscribed in ${((performance.now() - joinStarted) / 1000).toFixed(1)} s`);

  const runStarted = performance.now();
  await Promise.all(people.map((person) => live(person, runStarted + SECONDS * 1000)));
  const ranMs = performance.now() - runStarted;

  const drainUntil = performance.now() + DRAIN_MS;
  while (undelivered() > 0 && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));

  let rowsLost = 0;
  let filesLost = 0;
  for (const person of people) {
    const { count, error } = await admin.from('load_notes').select('*', { count: 'exact', head: true }).eq('owner', person.id);
    if (error) throw error;
    rowsLost += Math.max(0, person.rowsStored - (count ?? 0));
    if ((count ?? 0) > person.rowsStored) console.log(`person ${person.index}: ${count} rows stored, ${person.rowsStored} acknowledged`);
    filesLost += Math.max(0, person.filesStored - (await countFiles(person.id)));
  }
  const messagesLost = undelivered();

  const served = [...latencies].filter(([kind]) => kind !== 'message received').reduce((sum, [, list]) => sum + list.length, 0);
  const failed = [...errors.values()].reduce((sum, n) => sum + n, 0);
  console.log(`\nrequests served: ${served} in ${(ranMs / 1000).toFixed(1)} s (${(served / (ranMs / 1000)).toFixed(0)}/s), errors: ${failed}`);
  for (const [kind, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(17)} n=${String(sorted.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`,
    );
  }
  for (const [text, count] of errors) console.log(`  error ×${count}: ${text}`);
  const rows = people.reduce((sum, p) => sum + p.rowsStored, 0);
  const files = people.reduce((sum, p) => sum + p.filesStored, 0);
  console.log(`rows lost: ${rowsLost} of ${rows} acknowledged (counted in the database)`);
  console.log(`files lost: ${filesLost} of ${files} acknowledged (listed in storage)`);
  console.log(`messages lost: ${messagesLost} of ${sentBy.size * (PEOPLE - 1)} expected deliveries (${sentBy.size} messages × ${PEOPLE - 1} others)`);
  if (failed || rowsLost || filesLost || messagesLost) exitCode = 1;
} finally {
  await Promise.all(people.map((person) => person.client.removeAllChannels().catch(() => undefined)));
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
process.exit(exitCode);
