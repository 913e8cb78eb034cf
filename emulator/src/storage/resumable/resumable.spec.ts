// Resumable (TUS) uploads at /storage/v1/upload/resumable through tus-js-client, as Supabase's
// docs use it, against a real emulator process: chunks with progress, nothing visible before the
// last byte, resuming after an abort and after the emulator is killed, termination, the bucket's
// limits, x-upsert, and row level security between two people
// (docs/compatibility.md#storage-resumable-uploads).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import * as tus from 'tus-js-client';
import { ANON_KEY, JWT_SECRET, startTestEmulator, type TestEmulator } from '../../../test/harness.js';
import { waitUntil } from '../../../../tests/support/waits.js';

const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const MB = 1024 * 1024;
/** The chunk size hosted Supabase requires. */
const CHUNK = 6 * MB;

const POLICIES = `
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
    ('files', 'files', false, null, null),
    ('small', 'small', false, 1000000, null),
    ('images', 'images', false, null, array['image/png']);

  create policy "own folder: read" on storage.objects for select to authenticated
    using ((storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: insert" on storage.objects for insert to authenticated
    with check ((storage.foldername(name))[1] = auth.uid()::text);
  -- Refuses a 'late' upload only when its bytes are committed (the probe at creation writes size 0),
  -- after a second: the commit is still under way when a HEAD comes.
  insert into storage.buckets (id, name, public) values ('late', 'late', false);
  create policy "late: refused at commit" on storage.objects as restrictive for insert to authenticated
    with check (bucket_id <> 'late' or coalesce((metadata->>'size')::bigint, 0) = 0 or (select false from pg_sleep(1)));
  create policy "own folder: update" on storage.objects for update to authenticated
    using ((storage.foldername(name))[1] = auth.uid()::text)
    with check ((storage.foldername(name))[1] = auth.uid()::text);
`;

async function userToken(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What the server answered when tus-js-client gave up. */
function refusal(error: unknown): { status: number; body: string } {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) throw error;
  return { status: response.getStatus(), body: response.getBody() };
}

interface UploadRun {
  url: string | null;
  progress: number[];
  error: unknown;
}

/** Runs one tus-js-client upload to its end (or its failure); `stopAfterChunks` aborts it there. */
function runUpload(
  data: Buffer,
  options: Partial<tus.UploadOptions> & { endpoint?: string; stopAfterChunks?: number },
): Promise<UploadRun> {
  return new Promise((resolve) => {
    const run: UploadRun = { url: null, progress: [], error: null };
    let chunks = 0;
    const { stopAfterChunks, ...uploadOptions } = options;
    const upload = new tus.Upload(data, {
      chunkSize: CHUNK,
      retryDelays: [],
      ...uploadOptions,
      onProgress: (sent) => run.progress.push(sent),
      onChunkComplete: () => {
        chunks += 1;
        if (stopAfterChunks !== undefined && chunks === stopAfterChunks) {
          void upload.abort().then(() => {
            run.url = upload.url;
            resolve(run);
          });
        }
      },
      onSuccess: () => {
        run.url = upload.url;
        resolve(run);
      },
      onError: (error) => {
        run.url = upload.url;
        run.error = error;
        resolve(run);
      },
    });
    upload.start();
  });
}

function metadata(bucketName: string, objectName: string, extra: Record<string, string> = {}) {
  return { bucketName, objectName, contentType: 'application/octet-stream', cacheControl: '3600', ...extra };
}

describe('storage resumable uploads (TUS)', () => {
  let emulator: TestEmulator;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let aliceToken: string;
  let bobToken: string;
  let endpoint: string;
  let stagingDir: string;

  const stagedFiles = () => (existsSync(stagingDir) ? readdirSync(stagingDir) : []);
  const asAlice = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${aliceToken}`, ...extra });
  const asBob = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${bobToken}`, ...extra });

  beforeAll(async () => {
    emulator = await startTestEmulator({ files: { 'migrations/0001_storage.sql': POLICIES } });
    endpoint = `${emulator.apiUrl}/storage/v1/upload/resumable`;
    stagingDir = path.join(emulator.workdir, '.supabase-local', 'storage-resumable');
    aliceToken = await userToken(ALICE);
    bobToken = await userToken(BOB);
    const client = (token: string) =>
      emulator.client(ANON_KEY, { global: { headers: { Authorization: `Bearer ${token}` } } });
    alice = client(aliceToken);
    bob = client(bobToken);
  });
  afterAll(() => emulator.stop());

  test('a 30 MB upload goes in 6 MB chunks with progress, is invisible until its last byte, resumes after an abort and is stored byte-identical', async () => {
    const data = randomBytes(30 * MB);
    const objectName = `${ALICE}/videos/holiday.bin`;
    const first = await runUpload(data, {
      endpoint,
      headers: asAlice(),
      metadata: metadata('files', objectName, { metadata: JSON.stringify({ camera: 'x100' }) }),
      stopAfterChunks: 2,
    });
    expect(first.error).toBeNull();
    expect(first.url).toMatch(new RegExp(`^${endpoint}/[A-Za-z0-9_-]+$`));
    expect(Math.max(...first.progress)).toBeGreaterThanOrEqual(2 * CHUNK);

    // Two chunks are on the server, but no object exists yet.
    const head = await fetch(first.url!, { method: 'HEAD', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * CHUNK);
    expect(head.headers.get('upload-length')).toBe(String(30 * MB));
    const listed = await alice.storage.from('files').list(`${ALICE}/videos`);
    expect(listed.data).toEqual([]);
    expect((await alice.storage.from('files').download(objectName)).error).toMatchObject({ statusCode: '404' });

    const rest = await runUpload(data, { uploadUrl: first.url!, headers: asAlice() });
    expect(rest.error).toBeNull();
    // It went on from the server's offset, not from the start.
    expect(Math.min(...rest.progress)).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(rest.progress.at(-1)).toBe(30 * MB);

    const { data: stored, error } = await alice.storage.from('files').download(objectName);
    expect(error).toBeNull();
    expect(sha256(new Uint8Array(await stored!.arrayBuffer()))).toBe(sha256(data));
    const { data: info } = await alice.storage.from('files').info(objectName);
    expect(info).toMatchObject({
      size: 30 * MB,
      contentType: 'application/octet-stream',
      cacheControl: 'max-age=3600',
      metadata: { camera: 'x100' },
    });
    expect(info?.etag).toBe(`"${createHash('md5').update(data).digest('hex')}"`);
    expect(stagedFiles()).toEqual([]);
    // The finished upload is gone from the staging area: its URL no longer answers.
    const after = await fetch(first.url!, { method: 'HEAD', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
    expect(after.status).toBe(404);
  });

  test('an upload cut by killing the emulator (SIGKILL) resumes after the restart from the offset on disk', async () => {
    const data = randomBytes(20 * MB);
    const objectName = `${ALICE}/crash.bin`;
    const first = await runUpload(data, {
      endpoint,
      headers: asAlice(),
      metadata: metadata('files', objectName),
      stopAfterChunks: 2,
    });
    expect(first.error).toBeNull();
    await emulator.crash();
    await emulator.restart();

    const head = await fetch(first.url!, { method: 'HEAD', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * CHUNK);

    const rest = await runUpload(data, { uploadUrl: first.url!, headers: asAlice() });
    expect(rest.error).toBeNull();
    expect(Math.min(...rest.progress)).toBeGreaterThanOrEqual(2 * CHUNK);
    const { data: stored } = await alice.storage.from('files').download(objectName);
    expect(sha256(new Uint8Array(await stored!.arrayBuffer()))).toBe(sha256(data));
  });

  test('terminating an upload leaves nothing behind', async () => {
    const data = randomBytes(8 * MB);
    const objectName = `${ALICE}/abandoned.bin`;
    const first = await runUpload(data, { endpoint, headers: asAlice(), metadata: metadata('files', objectName), stopAfterChunks: 1 });
    expect(stagedFiles().length).toBe(2);
    await tus.Upload.terminate(first.url!, { headers: asAlice() });
    expect(stagedFiles()).toEqual([]);
    const head = await fetch(first.url!, { method: 'HEAD', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
    expect(head.status).toBe(404);
    expect((await alice.storage.from('files').list(ALICE, { search: 'abandoned' })).data).toEqual([]);
  });

  test("a second person can neither upload into the first person's folder nor read, continue or delete the first person's upload", async () => {
    const intrusion = await runUpload(randomBytes(MB), {
      endpoint,
      headers: asBob(),
      metadata: metadata('files', `${ALICE}/planted.bin`),
    });
    expect(refusal(intrusion.error)).toEqual({ status: 403, body: 'new row violates row-level security policy' });

    const data = randomBytes(7 * MB);
    const objectName = `${ALICE}/private.bin`;
    const mine = await runUpload(data, { endpoint, headers: asAlice(), metadata: metadata('files', objectName), stopAfterChunks: 1 });
    const tusHeaders = { 'tus-resumable': '1.0.0' };

    const peek = await fetch(mine.url!, { method: 'HEAD', headers: asBob(tusHeaders) });
    expect(peek.status).toBe(403);
    expect(peek.headers.get('upload-offset')).toBeNull();
    const patch = await fetch(mine.url!, {
      method: 'PATCH',
      headers: asBob({ ...tusHeaders, 'upload-offset': String(CHUNK), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(MB),
    });
    expect(patch.status).toBe(403);
    expect(await patch.text()).toBe('This resumable upload belongs to someone else');
    const remove = await fetch(mine.url!, { method: 'DELETE', headers: asBob(tusHeaders) });
    expect(remove.status).toBe(403);
    const anonymous = await fetch(mine.url!, { method: 'HEAD', headers: { ...tusHeaders, apikey: ANON_KEY } });
    expect(anonymous.status).toBe(403);

    // Untouched by all that: Alice finishes her upload.
    const rest = await runUpload(data, { uploadUrl: mine.url!, headers: asAlice() });
    expect(rest.error).toBeNull();
    const { data: stored } = await alice.storage.from('files').download(objectName);
    expect(sha256(new Uint8Array(await stored!.arrayBuffer()))).toBe(sha256(data));
    expect((await bob.storage.from('files').download(objectName)).error).toMatchObject({ statusCode: '404' });
  });

  test('anonymous callers are refused where the policies only let people in', async () => {
    const run = await runUpload(randomBytes(1000), {
      endpoint,
      headers: { authorization: `Bearer ${ANON_KEY}` },
      metadata: metadata('files', `${ALICE}/anon.bin`),
    });
    expect(refusal(run.error)).toEqual({ status: 403, body: 'new row violates row-level security policy' });
    const none = await runUpload(randomBytes(1000), { endpoint, metadata: metadata('files', `${ALICE}/anon.bin`) });
    expect(refusal(none.error)).toEqual({ status: 403, body: 'Invalid Compact JWS' });
  });

  test("the bucket's size limit and allowed types refuse an upload before any byte is kept", async () => {
    const before = stagedFiles();
    const large = await runUpload(randomBytes(2 * MB), { endpoint, headers: asAlice(), metadata: metadata('small', `${ALICE}/big.bin`) });
    expect(refusal(large.error)).toEqual({ status: 413, body: 'Maximum size exceeded\n' });
    const wrongType = await runUpload(randomBytes(1000), {
      endpoint,
      headers: asAlice(),
      metadata: metadata('images', `${ALICE}/notes.txt`, { contentType: 'text/plain' }),
    });
    expect(refusal(wrongType.error)).toEqual({ status: 415, body: 'mime type text/plain is not supported' });
    const noBucket = await runUpload(randomBytes(1000), { endpoint, headers: asAlice(), metadata: metadata('nope', `${ALICE}/x.bin`) });
    expect(refusal(noBucket.error)).toEqual({ status: 404, body: 'Bucket not found' });
    expect(stagedFiles()).toEqual(before);

    const png = await runUpload(randomBytes(1000), {
      endpoint,
      headers: asAlice(),
      metadata: metadata('images', `${ALICE}/pixel.png`, { contentType: 'image/png' }),
    });
    expect(png.error).toBeNull();
  });

  test('an existing name is refused without x-upsert and replaced with it', async () => {
    const objectName = `${ALICE}/report.pdf`;
    expect((await alice.storage.from('files').upload(objectName, 'first version')).error).toBeNull();
    const refused = await runUpload(Buffer.from('second version'), {
      endpoint,
      headers: asAlice({ 'x-upsert': 'false' }),
      metadata: metadata('files', objectName),
    });
    expect(refusal(refused.error)).toEqual({ status: 409, body: 'The resource already exists' });

    const replaced = await runUpload(Buffer.from('second version'), {
      endpoint,
      headers: asAlice({ 'x-upsert': 'true' }),
      metadata: metadata('files', objectName),
    });
    expect(replaced.error).toBeNull();
    const { data } = await alice.storage.from('files').download(objectName);
    expect(await data!.text()).toBe('second version');
  });

  test('an upload whose bytes all come with its creation (POST) is answered as the object it committed', async () => {
    const objectName = `${ALICE}/in-one-request.txt`;
    const whole = await runUpload(Buffer.from('all at once'), {
      endpoint,
      headers: asAlice(),
      metadata: metadata('files', objectName, { contentType: 'text/plain' }),
      uploadDataDuringCreation: true,
    });
    expect(whole.error).toBeNull();
    expect(whole.progress.at(-1)).toBe('all at once'.length);
    const { data } = await alice.storage.from('files').download(objectName);
    expect(await data!.text()).toBe('all at once');
    // An empty file is complete at its creation.
    const emptyName = `${ALICE}/empty.txt`;
    const empty = await runUpload(Buffer.alloc(0), {
      endpoint,
      headers: asAlice(),
      metadata: metadata('files', emptyName, { contentType: 'text/plain' }),
    });
    expect(empty.error).toBeNull();
    const { data: info } = await alice.storage.from('files').info(emptyName);
    expect(info).toMatchObject({ size: 0, contentType: 'text/plain' });
    expect(stagedFiles()).toEqual([]);
  });

  test('a HEAD while the last byte is being committed answers the outcome, not a finished upload the commit then refuses', async () => {
    const objectName = `${ALICE}/refused-late.bin`;
    const encoded = Object.entries(metadata('late', objectName))
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const tusHeaders = asAlice({ 'tus-resumable': '1.0.0' });
    const created = await fetch(endpoint, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': '10', 'upload-metadata': encoded },
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const patch = fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(10, 1),
    });
    // Asks until the server says the upload is complete or gone: what a resuming client does.
    let head: Response;
    for (;;) {
      head = await fetch(url, { method: 'HEAD', headers: tusHeaders });
      if (head.status !== 200 || head.headers.get('upload-offset') === '10') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const refused = await patch;
    expect(refused.status).toBe(403);
    expect(head.status).toBe(404);
    expect((await alice.storage.from('late').download(objectName)).error).toMatchObject({ statusCode: '404' });
  });

  test('a signed upload token uploads resumably at /upload/resumable/sign without a session', async () => {
    const objectName = `${ALICE}/signed.bin`;
    const { data: signed, error } = await alice.storage.from('files').createSignedUploadUrl(objectName);
    expect(error).toBeNull();
    const data = randomBytes(7 * MB);
    const first = await runUpload(data, {
      endpoint: `${endpoint}/sign`,
      headers: { 'x-signature': signed!.token },
      metadata: metadata('files', objectName),
      stopAfterChunks: 1,
    });
    expect(first.url).toMatch(new RegExp(`^${endpoint}/sign/[A-Za-z0-9_-]+$`));
    // Continuing needs the same token; a person's session is no substitute.
    const withSession = await fetch(first.url!, { method: 'HEAD', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
    expect(withSession.status).toBe(400);
    const rest = await runUpload(data, { uploadUrl: first.url!, headers: { 'x-signature': signed!.token } });
    expect(rest.error).toBeNull();
    const { data: stored } = await alice.storage.from('files').download(objectName);
    expect(sha256(new Uint8Array(await stored!.arrayBuffer()))).toBe(sha256(data));
  });

  test('OPTIONS describes the TUS server', async () => {
    const response = await fetch(endpoint, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toContain('termination');
  });

  test('the upload URL names the host the request came to, never one a Forwarded or X-Forwarded-* header names', async () => {
    const uploadMetadata = Object.entries(metadata('files', `${ALICE}/forwarded.bin`))
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const forwardedHeaders: Record<string, string>[] = [
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { forwarded: 'host=evil.example;proto=https' },
    ];
    for (const forwarded of forwardedHeaders) {
      const created = await fetch(endpoint, {
        method: 'POST',
        headers: asAlice({ 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': uploadMetadata, 'x-upsert': 'true', ...forwarded }),
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${endpoint}/[A-Za-z0-9_-]+$`));
      const removed = await fetch(location, { method: 'DELETE', headers: asAlice({ 'tus-resumable': '1.0.0' }) });
      expect(removed.status).toBe(204);
    }
  });
});

describe('storage resumable uploads: expiry', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: { 'migrations/0001_storage.sql': POLICIES },
      env: { PORTAL_RESUMABLE_UPLOAD_EXPIRY_SECONDS: '2' },
    });
  });
  afterAll(() => emulator.stop());

  test('an abandoned upload expires: its URL answers 410 and its bytes are removed', async () => {
    const stagingDir = path.join(emulator.workdir, '.supabase-local', 'storage-resumable');
    const headers = { authorization: `Bearer ${await userToken(ALICE)}` };
    // A small first chunk: a 6 MB one took longer than the 2 s expiry on a busy machine, and the
    // upload expired under it (answered 410 since).
    const first = await runUpload(randomBytes(7 * MB), {
      endpoint: `${emulator.apiUrl}/storage/v1/upload/resumable`,
      headers,
      metadata: metadata('files', `${ALICE}/forgotten.bin`),
      chunkSize: 64 * 1024,
      stopAfterChunks: 1,
    });
    expect(first.error).toBeNull();
    expect(readdirSync(stagingDir).length).toBe(2);
    // Past the expiry the protocol says Gone, even before the sweep runs…
    const gone = await waitUntil('the abandoned upload answering Gone', async () => {
      const head = await fetch(first.url!, { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });
      return [404, 410].includes(head.status) ? head.status : null;
    });
    expect([404, 410]).toContain(gone);
    // …and the start-up sweep removes what is left.
    await emulator.restart();
    expect(readdirSync(stagingDir)).toEqual([]);
  });
});
