// Storage and vector buckets on the emulator (PGlite): upload/download throughput, small-object
// rate, listing and vector query latency. Prints figures; nothing passes or fails on time.
//   node --import tsx bench/storage.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { latencies, startEmulator, stop, timed } from './_support.js';

const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

function must<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-storage-'));
const [{ child, apiUrl }, startMs] = await timed(() => startEmulator(workdir));
console.log(`emulator ready in ${(startMs / 1000).toFixed(1)} s`);
try {
  const supabase = createClient(apiUrl, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const bucket = supabase.storage.from('bench');
  must(await supabase.storage.createBucket('bench'));

  const tenMiB = new Uint8Array(10 * 1024 * 1024).fill(7);
  const [, rawMs] = await timed(async () => must(await bucket.upload('big/raw.bin', tenMiB, { contentType: 'application/octet-stream' })));
  console.log(`upload 10 MiB raw body:        ${(10 / (rawMs / 1000)).toFixed(1)} MiB/s (${rawMs.toFixed(0)} ms)`);
  const [, multipartMs] = await timed(async () => must(await bucket.upload('big/multipart.bin', new Blob([tenMiB]))));
  console.log(`upload 10 MiB multipart:       ${(10 / (multipartMs / 1000)).toFixed(1)} MiB/s (${multipartMs.toFixed(0)} ms)`);
  const [, downloadMs] = await timed(async () => (await must(await bucket.download('big/raw.bin'))).arrayBuffer());
  console.log(`download 10 MiB:               ${(10 / (downloadMs / 1000)).toFixed(1)} MiB/s (${downloadMs.toFixed(0)} ms)`);

  const small = 'x'.repeat(1024);
  const [, smallMs] = await timed(async () => {
    for (let i = 0; i < 200; i += 1) must(await bucket.upload(`small/f${String(i).padStart(4, '0')}.txt`, small));
  });
  console.log(`upload 1 KiB objects:          ${(200 / (smallMs / 1000)).toFixed(0)} objects/s sequential`);
  console.log(`download 1 KiB object:         ${await latencies(100, (i) => bucket.download(`small/f${String(i).padStart(4, '0')}.txt`))}`);
  console.log(`list folder of 200 (limit 100): ${await latencies(30, () => bucket.list('small'))}`);
  console.log(`list-v2 200 objects:           ${await latencies(30, () => bucket.listV2({ prefix: 'small/' }))}`);
  console.log(`create signed URL:             ${await latencies(50, () => bucket.createSignedUrl('small/f0001.txt', 60))}`);

  const vectors = supabase.storage.vectors;
  must(await vectors.createBucket('bench-vectors'));
  const dimension = 384;
  must(await vectors.from('bench-vectors').createIndex({ indexName: 'docs', dataType: 'float32', dimension, distanceMetric: 'cosine' }));
  const index = vectors.from('bench-vectors').index('docs');
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const total = 5000;
  const [, putMs] = await timed(async () => {
    for (let offset = 0; offset < total; offset += 500) {
      const batch = Array.from({ length: 500 }, (_, i) => ({
        key: `doc-${offset + i}`,
        data: { float32: Array.from({ length: dimension }, random) },
        metadata: { group: (offset + i) % 10, lang: (offset + i) % 2 ? 'en' : 'fr' },
      }));
      must(await index.putVectors({ vectors: batch }));
    }
  });
  console.log(`put ${total} vectors (dim ${dimension}):  ${(total / (putMs / 1000)).toFixed(0)} vectors/s in batches of 500`);
  const query = () => ({ float32: Array.from({ length: dimension }, random) });
  console.log(`query topK 10 over ${total}:     ${await latencies(30, () => index.queryVectors({ queryVector: query(), topK: 10, returnDistance: true }))}`);
  console.log(
    `query topK 10 with filter:     ${await latencies(30, () =>
      index.queryVectors({ queryVector: query(), topK: 10, filter: { $and: [{ group: { $lt: 5 } }, { lang: 'en' }] } }),
    )}`,
  );
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
