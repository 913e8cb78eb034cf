// The gateway's request-body limit against a real emulator process: an oversized body gets
// each service's own 413 whether it declares its length or streams in chunks, reading stops
// at the limit (the emulator's memory stays flat under several 200 MB bodies at once), the
// caller's key is checked before any body is read, and storage uploads keep their own limit.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const MiB = 1024 * 1024;
const API_LIMIT = 1 * MiB;
const FUNCTIONS_LIMIT = 2 * MiB;

const CONFIG = `
[api]
max_request_body_size = "1MiB"

[edge_runtime]
max_request_body_size = "2MiB"

[storage]
file_size_limit = "5MiB"

[functions.echo]
verify_jwt = true
`;

const FILES = {
  'migrations/0001_notes.sql': `
    create table public.notes (id bigint generated always as identity primary key, body text);
    alter table public.notes enable row level security;
    create policy "anyone" on public.notes for all to anon, authenticated using (true) with check (true);
    grant all on public.notes to anon, authenticated;
  `,
  'functions/echo/index.ts': `
    Deno.serve(async (req: Request) => Response.json({ bytes: (await req.arrayBuffer()).byteLength }));
  `,
};

interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes the client had written when the answer came. */
  sent: number;
}

/**
 * POSTs `total` bytes in chunks (no Content-Length, so the server must count), and stops
 * sending as soon as the answer arrives, as a client that reads the early answer would.
 */
function streamBody(
  url: string,
  headers: Record<string, string>,
  total: number,
  options: { method?: string; byte?: string } = {},
): Promise<StreamedAnswer> {
  const chunk = Buffer.alloc(64 * 1024, options.byte ?? ' ');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, { method: options.method ?? 'POST', headers });
    request.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString(), sent });
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

/** The emulator's memory now, and its peak since the last `resetPeak` (Linux /proc). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Resets VmHWM to the current RSS (writing 5 to clear_refs), so the peak of what follows shows. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

describe('request body limit', () => {
  let emulator: TestEmulator;
  let api: string;
  const anon = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };
  const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: CONFIG, files: FILES });
    api = emulator.apiUrl;
  });
  afterAll(() => emulator.stop());

  describe('a body declared too large is refused before it is read, in the service shape', () => {
    test('REST: PostgREST-style error, 413, through supabase-js', async () => {
      const rows = Array.from({ length: 2000 }, () => ({ body: 'x'.repeat(1000) }));
      const { error, status } = await emulator.client().from('notes').insert(rows);
      expect(status).toBe(413);
      expect(error).toMatchObject({ code: 'PGRST102', message: 'Request body is too large' });
      expect(error?.details).toContain('1048576 bytes (1 MiB)');
      // Under the limit the same client inserts as before.
      const small = await emulator.client().from('notes').insert([{ body: 'fits' }]);
      expect(small.error).toBeNull();
    });

    test("storage's JSON routes: storage-api's EntityTooLarge with HTTP 413", async () => {
      const response = await fetch(`${api}/storage/v1/bucket`, {
        method: 'POST',
        headers: { ...service, ...json },
        body: JSON.stringify({ name: 'big', padding: 'x'.repeat(API_LIMIT) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The request body exceeded 1048576 bytes (1 MiB)',
      });
    });

    test('functions: the relay refuses with its own error (FunctionsRelayError), the function never runs', async () => {
      const { data, error } = await emulator
        .client()
        .functions.invoke('echo', { body: new ArrayBuffer(FUNCTIONS_LIMIT + 1) });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsRelayError);
      const response = (error as FunctionsRelayError).context as Response;
      expect(response.status).toBe(413);
      expect(response.headers.get('x-relay-error')).toBe('true');
      expect(await response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is larger than 2097152 bytes (2 MiB)',
      });
      // A file body under the functions' own, larger limit reaches the function whole.
      const fits = await emulator.client().functions.invoke('echo', { body: new ArrayBuffer(API_LIMIT + 10) });
      expect(fits.error).toBeNull();
      expect(fits.data).toEqual({ bytes: API_LIMIT + 10 });
    });

    test('realtime REST broadcast: `{message}`, 413', async () => {
      const response = await fetch(`${api}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { ...anon, ...json },
        body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: 'x'.repeat(API_LIMIT) }] }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'Request body is larger than 1048576 bytes (1 MiB)' });
    });
  });

  describe('a streamed (chunked) body is counted and reading stops past the limit', () => {
    const cases: [name: string, path: string, headers: Record<string, string>, expected: unknown][] = [
      ['REST', '/rest/v1/notes', { ...anon, ...json }, { code: 'PGRST102', message: 'Request body is too large' }],
      ['storage', '/storage/v1/bucket', { ...service, ...json }, { statusCode: '413', code: 'EntityTooLarge' }],
      ['functions', '/functions/v1/echo', anon, { code: 'PAYLOAD_TOO_LARGE' }],
      ['realtime', '/realtime/v1/api/broadcast', { ...anon, ...json }, { message: expect.stringContaining('1 MiB') }],
      ['auth', '/auth/v1/signup', { ...anon, ...json }, { code: 413, error_code: 'request_too_large' }],
    ];
    test.each(cases)('%s answers 413 in its own shape', async (_name, path, headers, expected) => {
      const answer = await streamBody(`${api}${path}`, headers, 8 * FUNCTIONS_LIMIT);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject(expected as object);
      expect(answer.sent).toBeLessThan(8 * FUNCTIONS_LIMIT);
    });
  });

  test('the key is checked before any body is read: a bad key is refused while the body still streams', async () => {
    const badKey = { apikey: 'not-a-key', authorization: 'Bearer not.a.jwt' };
    const cases: [path: string, status: number, code: string | undefined][] = [
      ['/rest/v1/notes', 401, 'PGRST301'],
      ['/storage/v1/bucket', 400, 'AccessDenied'],
      ['/functions/v1/echo', 401, undefined],
      ['/realtime/v1/api/broadcast', 401, undefined],
    ];
    for (const [path, status, code] of cases) {
      // Far more than any limit, so an answer before the end means the body was not read first.
      const answer = await streamBody(`${api}${path}`, { ...badKey, ...json }, 1024 * MiB);
      expect({ path, status: answer.status }).toEqual({ path, status });
      if (code) expect(JSON.parse(answer.body)).toMatchObject({ code });
      expect(answer.sent).toBeLessThan(64 * MiB);
    }
  });

  test('storage uploads keep their own limit (file_size_limit), not the JSON one', async () => {
    const admin = emulator.admin();
    await admin.storage.createBucket('files');
    const bytes = new Uint8Array(3 * MiB).fill(7);
    const { error } = await admin.storage.from('files').upload('three-mib.bin', bytes, { contentType: 'application/octet-stream' });
    expect(error).toBeNull();
    const { data } = await admin.storage.from('files').download('three-mib.bin');
    expect(data?.size).toBe(3 * MiB);
  });

  test('memory stays bounded under concurrent 200 MB bodies, and the emulator still answers', async () => {
    const pid = emulator.pid;
    const before = memory(pid);
    resetPeak(pid);
    const total = 200 * MiB;
    const answers = await Promise.all([
      streamBody(`${api}/rest/v1/notes`, { ...anon, ...json }, total, { byte: '[' }),
      streamBody(`${api}/storage/v1/bucket`, { ...service, ...json }, total),
      streamBody(`${api}/functions/v1/echo`, anon, total),
      streamBody(`${api}/realtime/v1/api/broadcast`, { ...anon, ...json }, total),
    ]);
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413]);
    const after = memory(pid);
    const growth = after.peak - before.rss;
    console.log(
      `body-limit: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB during 4 × 200 MB bodies (+${(growth / MiB).toFixed(0)} MiB), ${(after.rss / MiB).toFixed(0)} MiB after`,
    );
    expect(growth).toBeLessThan(150 * MiB);
    const { data, error } = await emulator.client().from('notes').insert({ body: 'after' }).select('body');
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'after' }]);
  });
});
