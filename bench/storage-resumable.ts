// Storage transfers on the emulator (PGlite, file-backed bytes): upload and download MB/s for
// 1 MB and 100 MB files, plain (one request through supabase-js) and resumable (TUS through
// tus-js-client in 6 MB chunks, as Supabase's docs use it), and listing a folder of 10,000
// objects (list, offset paging, and list-v2, cursor paging). Prints figures; nothing passes or
// fails on time.
//   node --import tsx bench/storage-resumable.ts
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import WebSocket from 'ws';
import { latencies, startEmulator, stop, timed } from './_support.js';

const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const MB = 1024 * 1024;
const FOLDER_SIZE = 10_000;

function must<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

function resumableUpload(
  endpoint: string,
  bucketName: string,
  objectName: string,
  data: Buffer,
): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(data, {
      endpoint,
      chunkSize: 6 * MB,
      retryDelays: [],
      headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'x-upsert': 'true' },
      metadata: { bucketName, objectName, contentType: 'application/octet-stream' },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

const mbPerSecond = (bytes: number, ms: number) =>
  `${(bytes / MB / (ms / 1000)).toFixed(1).padStart(6)} MB/s (${ms.toFixed(0)} ms)`;

const workdir = mkdtempSync(path.join(tmpdir(), 'bench-storage-resumable-'));
mkdirSync(path.join(workdir, 'supabase'), { recursive: true });
// Plain uploads of 100 MB need a global limit above the CLI's default 50 MiB.
writeFileSync(
  path.join(workdir, 'supabase', 'config.toml'),
  '[storage]\nfile_size_limit = "200MiB"\n',
);
// The folder to list: 10,000 rows (listing reads rows, never bytes), inserted by the seed.
writeFileSync(
  path.join(workdir, 'supabase', 'seed.sql'),
  `insert into storage.buckets (id, name, public) values ('bench', 'bench', false);
   insert into storage.objects (bucket_id, name, metadata)
     select 'bench', 'many/f' || lpad(i::text, 5, '0') || '.txt',
            jsonb_build_object('size', 1024, 'mimetype', 'text/plain', 'eTag', '"x"')
     from generate_series(1, ${FOLDER_SIZE}) as i;`,
);

const [{ child, apiUrl }, startMs] = await timed(() => startEmulator(workdir));
console.log(`emulator ready in ${(startMs / 1000).toFixed(1)} s`);
try {
  const supabase = createClient(apiUrl, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const bucket = supabase.storage.from('bench');
  const endpoint = `${apiUrl}/storage/v1/upload/resumable`;

  for (const size of [1, 100]) {
    const data = randomBytes(size * MB);
    const label = `${size} MB`.padEnd(6);
    const [, plainMs] = await timed(async () =>
      must(
        await bucket.upload(`transfer/plain-${size}.bin`, data, {
          contentType: 'application/octet-stream',
          upsert: true,
        }),
      ),
    );
    console.log(`upload   ${label} plain:     ${mbPerSecond(data.length, plainMs)}`);
    const [, tusMs] = await timed(() =>
      resumableUpload(endpoint, 'bench', `transfer/resumable-${size}.bin`, data),
    );
    console.log(`upload   ${label} resumable: ${mbPerSecond(data.length, tusMs)}`);
    const [, downloadMs] = await timed(async () =>
      (await must(await bucket.download(`transfer/resumable-${size}.bin`))).arrayBuffer(),
    );
    console.log(`download ${label}:           ${mbPerSecond(data.length, downloadMs)}`);
  }

  console.log(
    `list folder of ${FOLDER_SIZE}, first 100:       ${await latencies(20, () => bucket.list('many', { limit: 100 }))}`,
  );
  console.log(
    `list folder of ${FOLDER_SIZE}, offset 9,900:    ${await latencies(20, () => bucket.list('many', { limit: 100, offset: 9900 }))}`,
  );
  console.log(
    `list-v2 folder of ${FOLDER_SIZE}, first 100:    ${await latencies(20, () => bucket.listV2({ prefix: 'many/', limit: 100 }))}`,
  );
  const [pages, walkMs] = await timed(async () => {
    let cursor: string | undefined;
    let count = 0;
    for (;;) {
      const page = must(
        await bucket.listV2({ prefix: 'many/', limit: 1000, ...(cursor ? { cursor } : {}) }),
      );
      count += 1;
      if (!page.hasNext || !page.nextCursor) return count;
      cursor = page.nextCursor;
    }
  });
  console.log(
    `list-v2 whole folder of ${FOLDER_SIZE} by cursor: ${walkMs.toFixed(0)} ms (${pages} pages of 1000)`,
  );
} finally {
  await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
