// Search over people's documents (the `documents` and `search-documents` functions) on the
// emulator with the portal's supabase/ folder: retrieval quality on the fixture set in
// bench/fixtures/search-corpus.json (52 short documents, 43 queries written as paraphrases,
// each with the document it should find) as recall@5 and MRR for vector-only, full-text-only
// and hybrid ranking; then index time per 1,000 passages and query latency p50/p95 at 1,000
// and 10,000 passages. Prints figures; nothing passes or fails on time.
//   node --import tsx bench/search.ts
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { splitPassages } from '../remotes/search/src/passages/split-passages.js';
import { percentile, startEmulator, stop, timed } from './_support.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const MODES = ['vector', 'fulltext', 'hybrid'] as const;

interface Corpus {
  documents: { id: string; title: string; text: string }[];
  queries: { query: string; expected: string }[];
}
const corpus = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/search-corpus.json'), 'utf8'),
) as Corpus;

function report(label: string, figure: string): void {
  console.log(`${`${label}:`.padEnd(52)} ${figure}`);
}

async function invoke<T>(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (error)
    throw new Error(
      `${name}: ${error.message} ${await (error.context as Response | undefined)?.text?.()}`,
    );
  return data as T;
}

async function addDocument(client: SupabaseClient, title: string, body: string): Promise<string> {
  const passages = splitPassages(body, { maxChars: 400, overlapChars: 0 });
  const { document } = await invoke<{ document: { id: string } }>(client, 'documents', {
    action: 'add',
    title,
    source: 'paste',
    body,
    passages,
  });
  return document.id;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so every run indexes the same text. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` passages as documents of 20 paragraphs, each paragraph mixing corpus sentences. */
function syntheticDocuments(count: number, seed: number): { title: string; body: string }[] {
  const next = random(seed);
  const sentences = corpus.documents.map((d) => d.text);
  const docs: { title: string; body: string }[] = [];
  for (let made = 0; made < count; made += 20) {
    const paragraphs = Array.from({ length: Math.min(20, count - made) }, () =>
      Array.from({ length: 3 }, () => sentences[Math.floor(next() * sentences.length)]!).join(' '),
    );
    docs.push({ title: `Synthetic ${seed}-${made}`, body: paragraphs.join('\n\n') });
  }
  return docs;
}

async function queryLatencies(client: SupabaseClient, mode: string): Promise<string> {
  const times: number[] = [];
  for (const { query } of corpus.queries) {
    times.push(
      (
        await timed(() =>
          invoke(client, 'search-documents', { action: 'query', query, mode, topK: 10 }),
        )
      )[1],
    );
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (n=${times.length})`;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
cpSync(path.resolve(import.meta.dirname, '../supabase'), path.join(workdir, 'supabase'), {
  recursive: true,
});
const { child, apiUrl } = await startEmulator(workdir);
try {
  const client = createClient(apiUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signUp = await client.auth.signUp({
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password-1',
  });
  if (signUp.error) throw signUp.error;

  // Retrieval quality on the fixture set.
  const idOf = new Map<string, string>();
  for (const doc of corpus.documents)
    idOf.set(await addDocument(client, doc.title, doc.text), doc.id);
  console.log(
    `fixture set: ${corpus.documents.length} documents, ${corpus.queries.length} paraphrased queries`,
  );
  for (const mode of MODES) {
    let hits = 0;
    let reciprocal = 0;
    for (const { query, expected } of corpus.queries) {
      const { results } = await invoke<{ results: { documentId: string }[] }>(
        client,
        'search-documents',
        { action: 'query', query, mode, topK: 10 },
      );
      const rank = results.findIndex((r) => idOf.get(r.documentId) === expected) + 1;
      if (rank > 0 && rank <= 5) hits += 1;
      if (rank > 0) reciprocal += 1 / rank;
    }
    report(
      `${mode}: recall@5, MRR@10`,
      `${(hits / corpus.queries.length).toFixed(2)}, ${(reciprocal / corpus.queries.length).toFixed(2)}`,
    );
  }

  // Index time and latency at 1,000 and 10,000 passages (the fixture's 52 included).
  const first = syntheticDocuments(1000 - corpus.documents.length, 1);
  const [, firstMs] = await timed(async () => {
    for (const doc of first) await addDocument(client, doc.title, doc.body);
  });
  report(
    'index time per 1,000 passages (first 948)',
    `${(((firstMs / 948) * 1000) / 1000).toFixed(1)} s`,
  );
  for (const mode of MODES)
    report(`query latency at 1,000 passages, ${mode}`, await queryLatencies(client, mode));
  const rest = syntheticDocuments(9000, 2);
  const [, restMs] = await timed(async () => {
    for (const doc of rest) await addDocument(client, doc.title, doc.body);
  });
  report(
    'index time per 1,000 passages (next 9,000)',
    `${(((restMs / 9000) * 1000) / 1000).toFixed(1)} s`,
  );
  for (const mode of MODES)
    report(`query latency at 10,000 passages, ${mode}`, await queryLatencies(client, mode));
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
