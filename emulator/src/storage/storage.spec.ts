// Storage (`/storage/v1`) through the official client against a real emulator process:
// buckets, uploads, downloads, listing, move/copy/remove, signed URLs, limits, and RLS on
// storage.objects between two users (docs/compatibility.md#storage-objects-and-buckets).
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';

const POLICIES = `
  insert into storage.buckets (id, name, public) values
    ('private-files', 'private-files', false),
    ('public-files', 'public-files', true);

  -- Each user works in the folder named after their id (the classic Supabase example).
  create policy "own folder: read" on storage.objects for select to authenticated
    using (bucket_id = 'private-files' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: insert" on storage.objects for insert to authenticated
    with check (bucket_id = 'private-files' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: update" on storage.objects for update to authenticated
    using (bucket_id = 'private-files' and (storage.foldername(name))[1] = auth.uid()::text)
    with check (bucket_id = 'private-files' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: delete" on storage.objects for delete to authenticated
    using (bucket_id = 'private-files' and (storage.foldername(name))[1] = auth.uid()::text);

  create policy "public files: upload" on storage.objects for insert to authenticated
    with check (bucket_id = 'public-files');
  create policy "buckets: visible" on storage.buckets for select to authenticated using (true);
`;

async function userToken(sub: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

async function signRaw(payload: Record<string, unknown>): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(JWT_SECRET));
}

/** Waits for a condition the emulator reaches on its own (no event crosses the process boundary). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('storage', () => {
  let emulator: TestEmulator;
  let admin: SupabaseClient;
  let anon: SupabaseClient;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let storageUrl: string;
  let dataDir: string;

  const asUser = async (sub: string) =>
    emulator.client(ANON_KEY, { global: { headers: { Authorization: `Bearer ${await userToken(sub)}` } } });

  /** Raw HTTP as the service role, for what the client does not let us send. */
  const raw = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${storageUrl}${pathAndQuery}`, {
      ...init,
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, ...(init.headers ?? {}) },
    });

  beforeAll(async () => {
    emulator = await startTestEmulator({
      configToml: '[storage]\nfile_size_limit = "2MiB"\n',
      files: { 'migrations/20240101000000_storage_policies.sql': POLICIES },
    });
    admin = emulator.admin();
    anon = emulator.client();
    alice = await asUser(ALICE);
    bob = await asUser(BOB);
    storageUrl = `${emulator.apiUrl}/storage/v1`;
    dataDir = path.join(emulator.workdir, '.supabase-local');
  }, 120_000);

  afterAll(() => emulator?.stop());

  describe('buckets', () => {
    it('creates, reads, lists, updates and deletes buckets with limits', async () => {
      const created = await admin.storage.createBucket('avatars', {
        public: true,
        fileSizeLimit: '1kb',
        allowedMimeTypes: ['image/*'],
      });
      expect(created).toEqual({ data: { name: 'avatars' }, error: null });

      const { data: bucket } = await admin.storage.getBucket('avatars');
      expect(bucket).toMatchObject({
        id: 'avatars',
        name: 'avatars',
        public: true,
        file_size_limit: 1000,
        allowed_mime_types: ['image/*'],
      });

      const { data: listed } = await admin.storage.listBuckets({ search: 'avat' });
      expect(listed?.map((b) => b.id)).toEqual(['avatars']);
      const { data: sorted } = await admin.storage.listBuckets({ sortColumn: 'id', sortOrder: 'desc', limit: 2 });
      expect(sorted?.map((b) => b.id)).toEqual(['public-files', 'private-files']);

      const updated = await admin.storage.updateBucket('avatars', { public: false, fileSizeLimit: 2048, allowedMimeTypes: null });
      expect(updated.data).toEqual({ message: 'Successfully updated' });
      const { data: after } = await admin.storage.getBucket('avatars');
      expect(after).toMatchObject({ public: false, file_size_limit: 2048, allowed_mime_types: null });

      expect((await admin.storage.deleteBucket('avatars')).data).toEqual({ message: 'Successfully deleted' });
      const gone = await admin.storage.getBucket('avatars');
      expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    });

    it('answers storage-api errors: duplicate, bad name, limit above the global one', async () => {
      await admin.storage.createBucket('dup-bucket');
      const duplicate = await admin.storage.createBucket('dup-bucket');
      expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

      const response = await raw('/bucket', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bad/name' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });

      const tooBig = await admin.storage.createBucket('too-big', { public: false, fileSizeLimit: '1GB' });
      expect(tooBig.error).toMatchObject({ statusCode: '413' });

      const missingName = await raw('/bucket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(await missingName.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    });

    it('lets RLS decide: anon cannot create buckets, authenticated users see them through a policy', async () => {
      const denied = await anon.storage.createBucket('anon-bucket');
      expect(denied.error).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect((await anon.storage.listBuckets()).data).toEqual([]);
      const { data } = await alice.storage.listBuckets();
      expect(data?.map((b) => b.id)).toEqual(expect.arrayContaining(['private-files', 'public-files']));
    });

    it('refuses to delete a non-empty bucket, then empties and deletes it', async () => {
      await admin.storage.createBucket('to-empty');
      await admin.storage.from('to-empty').upload('x/one.txt', 'one');
      await admin.storage.from('to-empty').upload('two.txt', 'two');
      const refused = await admin.storage.deleteBucket('to-empty');
      expect(refused.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
      expect((await admin.storage.emptyBucket('to-empty')).data).toEqual({
        message: 'Empty bucket has been queued. Completion may take up to an hour.',
      });
      expect((await admin.storage.deleteBucket('to-empty')).error).toBeNull();
      expect(existsSync(path.join(dataDir, 'storage', 'to-empty'))).toBe(false);
    });
  });

  describe('uploads and downloads', () => {
    beforeAll(async () => {
      await admin.storage.createBucket('files', { public: false });
      await admin.storage.createBucket('limited', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/*', 'text/plain'] });
    });

    it('uploads a raw body and a Blob (multipart) with cache-control, content type and metadata', async () => {
      const plain = await admin.storage.from('files').upload('notes/hello.txt', 'hello world', { cacheControl: '60' });
      expect(plain.data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'files/notes/hello.txt' });
      expect(plain.data?.id).toMatch(/^[0-9a-f-]{36}$/);

      const blob = new Blob([JSON.stringify({ a: 1 })], { type: 'application/json' });
      const multipart = await admin.storage.from('files').upload('data/a.json', blob, { metadata: { source: 'test', n: 2 } });
      expect(multipart.error).toBeNull();

      const { data: info } = await admin.storage.from('files').info('data/a.json');
      expect(info).toMatchObject({
        name: 'data/a.json',
        bucketId: 'files',
        size: 7,
        contentType: 'application/json',
        cacheControl: 'max-age=3600',
        metadata: { source: 'test', n: 2 },
      });
      expect(info?.etag).toMatch(/^"[0-9a-f]{32}"$/);

      const response = await raw('/object/files/notes/hello.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
      expect(response.headers.get('cache-control')).toBe('max-age=60');
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      expect(await response.text()).toBe('hello world');

      const { data: downloaded } = await admin.storage.from('files').download('data/a.json');
      expect(JSON.parse(await downloaded!.text())).toEqual({ a: 1 });
    });

    it('refuses an existing key without upsert, replaces it with upsert, and update() needs the key', async () => {
      await admin.storage.from('files').upload('conflict.txt', 'first');
      const conflict = await admin.storage.from('files').upload('conflict.txt', 'second');
      expect(conflict.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
      const conflictBody = await (await raw('/object/files/conflict.txt', { method: 'POST', body: 'x' })).json();
      expect(conflictBody).toMatchObject({ code: 'KeyAlreadyExists', error: 'Duplicate' });

      const upserted = await admin.storage.from('files').upload('conflict.txt', 'third', { upsert: true });
      expect(upserted.error).toBeNull();
      expect(await (await admin.storage.from('files').download('conflict.txt')).data!.text()).toBe('third');

      await admin.storage.from('files').update('conflict.txt', 'fourth');
      expect(await (await admin.storage.from('files').download('conflict.txt')).data!.text()).toBe('fourth');
      // The replaced versions are gone from disk: one file for the key.
      expect(filesUnder(path.join(dataDir, 'storage', 'files', 'conflict.txt'))).toHaveLength(1);

      const missing = await admin.storage.from('files').update('never-uploaded.txt', 'x');
      expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    });

    it('serves ranges, ETag revalidation, downloads as attachment and HTML as text', async () => {
      await admin.storage.from('files').upload('range.txt', '0123456789', { contentType: 'text/plain' });
      const partial = await raw('/object/files/range.txt', { headers: { Range: 'bytes=2-5' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
      expect(await partial.text()).toBe('2345');

      const suffix = await raw('/object/files/range.txt', { headers: { Range: 'bytes=-3' } });
      expect(await suffix.text()).toBe('789');

      const outside = await raw('/object/files/range.txt', { headers: { Range: 'bytes=20-' } });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe('bytes */10');

      const etag = (await raw('/object/files/range.txt')).headers.get('etag')!;
      const revalidated = await raw('/object/files/range.txt', { headers: { 'If-None-Match': etag } });
      expect(revalidated.status).toBe(304);
      const changed = await raw('/object/files/range.txt', { headers: { 'If-None-Match': '"other"' } });
      expect(changed.status).toBe(200);

      const attachment = await raw('/object/files/range.txt?download=my%20file.txt');
      expect(attachment.headers.get('content-disposition')).toBe(
        "attachment; filename=my%20file.txt; filename*=UTF-8''my%20file.txt;",
      );

      await admin.storage.from('files').upload('page.html', '<script>alert(1)</script>', { contentType: 'text/html' });
      const html = await raw('/object/files/page.html');
      expect(html.headers.get('content-type')).toBe('text/plain');

      const head = await raw('/object/files/range.txt', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('10');
    });

    it('enforces the bucket size limit on raw and streamed multipart bodies, and the global limit', async () => {
      const raw2k = await admin.storage.from('limited').upload('big.txt', 'x'.repeat(2000), { contentType: 'text/plain' });
      expect(raw2k.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });

      const blob = new Blob(['y'.repeat(5000)], { type: 'text/plain' });
      const multipart = await admin.storage.from('limited').upload('big-blob.txt', blob);
      expect(multipart.error).toMatchObject({ statusCode: '413' });

      const fits = await admin.storage.from('limited').upload('small.txt', 'z'.repeat(1000), { contentType: 'text/plain' });
      expect(fits.error).toBeNull();

      // Global limit is 2 MiB in this project's config.toml.
      const overGlobal = await admin.storage.from('files').upload('huge.bin', new Uint8Array(2 * 1024 * 1024 + 1), {
        contentType: 'application/octet-stream',
      });
      expect(overGlobal.error).toMatchObject({ statusCode: '413' });
      expect((await admin.storage.from('limited').exists('big-blob.txt')).data).toBe(false);
      expect(filesUnder(path.join(dataDir, 'storage-tmp'))).toEqual([]);
    });

    it('enforces the mime allow-list with wildcards', async () => {
      const pdf = await admin.storage.from('limited').upload('doc.pdf', 'pdf', { contentType: 'application/pdf' });
      expect(pdf.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type application/pdf is not supported' });
      const png = await admin.storage.from('limited').upload('img.png', new Blob(['png'], { type: 'image/png' }));
      expect(png.error).toBeNull();
    });

    it('validates object paths', async () => {
      // (`a/%2E%2E/x` would be normalised away by fetch itself, so the slashes are encoded.)
      for (const bad of ['a%2F..%2Fetc%2Fpasswd', 'a%0Ab.txt', 'a/%2F%2Fb']) {
        const response = await raw(`/object/files/${bad}`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
      }
      const long = await admin.storage.from('files').upload(`${'k'.repeat(200)}/${'k'.repeat(900)}.txt`, 'x');
      expect(long.error).toMatchObject({ statusCode: '400' });
      const toMissingBucket = await admin.storage.from('no-such-bucket').upload('a.txt', 'x');
      expect(toMissingBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    });

    /** Starts an upload, waits until the server streams it into a temp file, then drops the connection. */
    async function abortMidUpload(key: string, headers: Record<string, string>, firstChunk: Buffer): Promise<void> {
      const tempDir = path.join(dataDir, 'storage-tmp');
      const req = httpRequest(new URL(`${storageUrl}/object/files/${key}`), {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, ...headers },
      });
      const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
      req.on('error', () => undefined);
      req.write(firstChunk);
      await eventually(() => filesUnder(tempDir).length > 0, 'the upload to be streaming into a temp file');
      req.destroy();
      await closed;
      await eventually(() => filesUnder(tempDir).length === 0, 'the temp file to be removed');
      expect((await admin.storage.from('files').exists(key)).data).toBe(false);
      expect(existsSync(path.join(dataDir, 'storage', 'files', key.split('/')[0]!))).toBe(false);
    }

    it('leaves nothing behind when the client aborts a raw upload mid-stream', async () => {
      await abortMidUpload(
        'aborted/raw.bin',
        { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) },
        Buffer.alloc(64 * 1024, 1),
      );
    });

    it('leaves nothing behind when the client aborts a multipart upload mid-file', async () => {
      const head = Buffer.from(
        '--XBOUNDARYX\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n' +
          '--XBOUNDARYX\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n' +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      await abortMidUpload(
        'aborted-multipart/file.bin',
        { 'content-type': 'multipart/form-data; boundary=XBOUNDARYX', 'transfer-encoding': 'chunked' },
        Buffer.concat([head, Buffer.alloc(64 * 1024, 2)]),
      );
    });

    it('answers JSON for unknown routes and a bad JWT', async () => {
      const unknown = await raw('/nowhere');
      expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Route GET:/nowhere not found', error: 'Not Found', statusCode: 404 });

      const forged = await fetch(`${storageUrl}/bucket`, {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY.slice(0, -2)}xx` },
      });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', message: 'signature verification failed' });

      const expired = await fetch(`${storageUrl}/bucket`, {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${await userToken(ALICE, -60)}` },
      });
      expect(await expired.json()).toMatchObject({ statusCode: '403', message: '"exp" claim timestamp check failed' });
    });
  });

  describe('public buckets', () => {
    it('serves public objects without a token and hides private buckets from the public route', async () => {
      await admin.storage.from('public-files').upload('logo.svg', '<svg/>', { contentType: 'image/svg+xml' });
      const { data } = anon.storage.from('public-files').getPublicUrl('logo.svg', { download: 'logo.svg' });
      const response = await fetch(data.publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=logo.svg/);
      expect(await response.text()).toBe('<svg/>');

      const transformed = anon.storage.from('public-files').getPublicUrl('logo.svg', { transform: { width: 10 } });
      const original = await fetch(transformed.data.publicUrl);
      expect(await original.text()).toBe('<svg/>');

      await admin.storage.from('private-files').upload('admin/secret.txt', 'secret');
      const privateViaPublic = await fetch(`${storageUrl}/object/public/private-files/admin/secret.txt`);
      expect(privateViaPublic.status).toBe(400);
      expect(await privateViaPublic.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });

      expect((await anon.storage.from('public-files').info('logo.svg')).data).toMatchObject({ name: 'logo.svg' });
      expect((await anon.storage.from('public-files').exists('logo.svg')).data).toBe(true);
    });
  });

  describe('RLS between two users', () => {
    it('keeps each user in their own folder', async () => {
      const own = await alice.storage.from('private-files').upload(`${ALICE}/diary.txt`, 'dear diary');
      expect(own.error).toBeNull();

      const intrusion = await bob.storage.from('private-files').upload(`${ALICE}/evil.txt`, 'boo');
      expect(intrusion.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });

      expect((await alice.storage.from('private-files').download(`${ALICE}/diary.txt`)).data).toBeTruthy();
      const peek = await bob.storage.from('private-files').download(`${ALICE}/diary.txt`);
      expect(peek.error).toMatchObject({ statusCode: '404' });
      expect((await bob.storage.from('private-files').exists(`${ALICE}/diary.txt`)).data).toBe(false);

      expect((await bob.storage.from('private-files').list(ALICE)).data).toEqual([]);
      const { data: aliceList } = await alice.storage.from('private-files').list(ALICE);
      expect(aliceList?.map((f) => f.name)).toEqual(['diary.txt']);

      const removedByBob = await bob.storage.from('private-files').remove([`${ALICE}/diary.txt`]);
      expect(removedByBob.data).toEqual([]);
      const moveByBob = await bob.storage.from('private-files').move(`${ALICE}/diary.txt`, `${BOB}/stolen.txt`);
      expect(moveByBob.error).toMatchObject({ statusCode: '404' });
      const copyByBob = await bob.storage.from('private-files').copy(`${ALICE}/diary.txt`, `${BOB}/stolen.txt`);
      expect(copyByBob.error).toMatchObject({ statusCode: '404' });

      const upsertByBob = await bob.storage.from('private-files').upload(`${ALICE}/diary.txt`, 'overwrite', { upsert: true });
      expect(upsertByBob.error).toMatchObject({ statusCode: '403' });
      expect(await (await alice.storage.from('private-files').download(`${ALICE}/diary.txt`)).data!.text()).toBe('dear diary');

      const anonUpload = await anon.storage.from('private-files').upload(`${ALICE}/anon.txt`, 'x');
      expect(anonUpload.error).toMatchObject({ statusCode: '403' });
    });

    it('records the uploader as owner and lets the owner move, copy and remove within policy', async () => {
      await alice.storage.from('private-files').upload(`${ALICE}/draft.txt`, 'draft');
      const { data: rows } = await admin.storage.from('private-files').list(ALICE, { search: 'draft' });
      expect(rows?.[0]?.name).toBe('draft.txt');

      expect((await alice.storage.from('private-files').move(`${ALICE}/draft.txt`, `${ALICE}/final.txt`)).data).toEqual({
        message: 'Successfully moved',
      });
      const outOfPolicy = await alice.storage.from('private-files').move(`${ALICE}/final.txt`, `${BOB}/gift.txt`);
      expect(outOfPolicy.error).toMatchObject({ statusCode: '403' });
      expect((await alice.storage.from('private-files').copy(`${ALICE}/final.txt`, `${ALICE}/copy.txt`)).data).toEqual({
        path: `private-files/${ALICE}/copy.txt`,
      });
      const { data: removed } = await alice.storage.from('private-files').remove([`${ALICE}/final.txt`, `${ALICE}/copy.txt`]);
      expect(removed?.map((r) => (r as { name?: string }).name).sort()).toEqual([`${ALICE}/copy.txt`, `${ALICE}/final.txt`]);
      expect(removed?.[0]).toMatchObject({ owner: ALICE, owner_id: ALICE });
    });

    it('signs upload URLs only where the user may insert, and records them as owner', async () => {
      const denied = await bob.storage.from('private-files').createSignedUploadUrl(`${ALICE}/planted.txt`);
      expect(denied.error).toMatchObject({ statusCode: '403' });

      const { data: signed } = await alice.storage.from('private-files').createSignedUploadUrl(`${ALICE}/via-link.txt`);
      expect(signed?.token).toBeTruthy();
      const uploaded = await anon.storage.from('private-files').uploadToSignedUrl(`${ALICE}/via-link.txt`, signed!.token, 'linked');
      expect(uploaded.error).toBeNull();
      expect(await (await alice.storage.from('private-files').download(`${ALICE}/via-link.txt`)).data!.text()).toBe('linked');
      const again = await anon.storage.from('private-files').uploadToSignedUrl(`${ALICE}/via-link.txt`, signed!.token, 'again');
      expect(again.error).toMatchObject({ statusCode: '409' });
    });
  });

  describe('listing', () => {
    beforeAll(async () => {
      await admin.storage.createBucket('tree');
      for (const name of ['b.txt', 'A.txt', 'c.md', 'docs/one.txt', 'docs/two.txt', 'docs/deep/three.txt', 'img/cat.png']) {
        await admin.storage.from('tree').upload(name, name);
      }
    });

    it('lists one folder level with folders, search, sort, limit and offset', async () => {
      const { data: root } = await admin.storage.from('tree').list();
      expect(root?.map((e) => [e.name, e.id === null])).toEqual([
        ['A.txt', false],
        ['b.txt', false],
        ['c.md', false],
        ['docs', true],
        ['img', true],
      ]);
      expect(root?.find((e) => e.name === 'docs')).toMatchObject({ id: null, metadata: null });
      expect(root?.find((e) => e.name === 'b.txt')?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8' });

      const { data: docs } = await admin.storage.from('tree').list('docs');
      expect(docs?.map((e) => e.name)).toEqual(['deep', 'one.txt', 'two.txt']);

      const { data: searched } = await admin.storage.from('tree').list('docs', { search: 'T' });
      expect(searched?.map((e) => e.name)).toEqual(['two.txt']);

      const { data: page } = await admin.storage.from('tree').list('', { limit: 2, offset: 1 });
      expect(page?.map((e) => e.name)).toEqual(['b.txt', 'c.md']);

      const { data: desc } = await admin.storage.from('tree').list('', { sortBy: { column: 'name', order: 'desc' } });
      expect(desc?.map((e) => e.name)).toEqual(['img', 'docs', 'c.md', 'b.txt', 'A.txt']);

      const { data: byDate } = await admin.storage.from('tree').list('', { sortBy: { column: 'created_at', order: 'desc' } });
      expect(byDate?.map((e) => e.name)).toEqual(['img', 'docs', 'c.md', 'A.txt', 'b.txt']);
    });

    it('lists v2 with the delimiter and pages with a cursor', async () => {
      const { data: top } = await admin.storage.from('tree').listV2({ with_delimiter: true });
      expect(top?.folders.map((f) => f.name)).toEqual(['docs/', 'img/']);
      expect(top?.objects.map((o) => o.name)).toEqual(['A.txt', 'b.txt', 'c.md']);

      const { data: flat } = await admin.storage.from('tree').listV2({ prefix: 'docs/' });
      expect(flat?.objects.map((o) => o.name)).toEqual(['docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt']);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const { data, error } = await admin.storage.from('tree').listV2({ limit: 3, ...(cursor ? { cursor } : {}) });
        expect(error).toBeNull();
        seen.push(...data!.objects.map((o) => o.name));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
      } while (cursor);
      expect(seen).toEqual(['A.txt', 'b.txt', 'c.md', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'img/cat.png']);
    });
  });

  describe('move and copy across buckets', () => {
    it('moves and copies between buckets and keeps the bytes', async () => {
      await admin.storage.createBucket('src');
      await admin.storage.createBucket('dst');
      await admin.storage.from('src').upload('m.txt', 'moved bytes');
      await admin.storage.from('src').upload('c.txt', 'copied bytes');

      expect((await admin.storage.from('src').move('m.txt', 'in/m.txt', { destinationBucket: 'dst' })).error).toBeNull();
      expect((await admin.storage.from('src').exists('m.txt')).data).toBe(false);
      expect(await (await admin.storage.from('dst').download('in/m.txt')).data!.text()).toBe('moved bytes');

      expect((await admin.storage.from('src').copy('c.txt', 'c2.txt', { destinationBucket: 'dst' })).data).toEqual({
        path: 'dst/c2.txt',
      });
      expect(await (await admin.storage.from('dst').download('c2.txt')).data!.text()).toBe('copied bytes');
      expect(await (await admin.storage.from('src').download('c.txt')).data!.text()).toBe('copied bytes');

      const clash = await admin.storage.from('src').copy('c.txt', 'c2.txt', { destinationBucket: 'dst' });
      expect(clash.error).toMatchObject({ statusCode: '409' });
      const moveClash = await admin.storage.from('dst').move('c2.txt', 'in/m.txt');
      expect(moveClash.error).toMatchObject({ statusCode: '409' });
      const missing = await admin.storage.from('src').move('nothing.txt', 'x.txt');
      expect(missing.error).toMatchObject({ statusCode: '404' });
    });
  });

  describe('signed URLs', () => {
    beforeAll(async () => {
      await admin.storage.createBucket('signed');
      await admin.storage.from('signed').upload('doc.txt', 'signed content');
    });

    it('creates signed URLs that work without any other credential', async () => {
      const { data } = await admin.storage.from('signed').createSignedUrl('doc.txt', 60, { download: true });
      const response = await fetch(data!.signedUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment;');
      expect(await response.text()).toBe('signed content');

      const { data: many } = await admin.storage.from('signed').createSignedUrls(['doc.txt', 'missing.txt'], 60);
      expect(many?.[0]).toMatchObject({ path: 'doc.txt', error: null });
      expect(many?.[1]).toMatchObject({
        path: 'missing.txt',
        signedUrl: null,
        error: 'Either the object does not exist or you do not have access to it',
      });
      expect(await (await fetch(many![0]!.signedUrl!)).text()).toBe('signed content');

      const notVisible = await bob.storage.from('signed').createSignedUrl('doc.txt', 60);
      expect(notVisible.error).toMatchObject({ statusCode: '404' });
    });

    it('rejects expired, tampered and misused tokens', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await signRaw({ url: 'signed/doc.txt', iat: now - 120, exp: now - 60 });
      const expiredResponse = await fetch(`${storageUrl}/object/sign/signed/doc.txt?token=${expired}`);
      expect(expiredResponse.status).toBe(400);
      expect(await expiredResponse.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });

      const otherObject = await signRaw({ url: 'signed/other.txt', iat: now, exp: now + 60 });
      const wrongPath = await fetch(`${storageUrl}/object/sign/signed/doc.txt?token=${otherObject}`);
      expect(await wrongPath.json()).toMatchObject({ code: 'InvalidSignature' });

      const { data } = await admin.storage.from('signed').createSignedUrl('doc.txt', 60);
      const token = new URL(data!.signedUrl).searchParams.get('token')!;
      const asUpload = await fetch(`${storageUrl}/object/upload/sign/signed/doc.txt?token=${token}`, { method: 'PUT', body: 'x' });
      expect(await asUpload.json()).toMatchObject({ code: 'InvalidSignature' });

      const noToken = await fetch(`${storageUrl}/object/sign/signed/doc.txt`);
      expect(await noToken.json()).toMatchObject({ code: 'InvalidJWT' });
    });

    it('signed upload URLs expire too', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await signRaw({ url: 'signed/late.txt', upsert: false, iat: now - 7300, exp: now - 100 });
      const late = await anon.storage.from('signed').uploadToSignedUrl('late.txt', expired, 'late');
      expect(late.error).toMatchObject({ statusCode: '400', message: 'jwt expired' });
    });
  });

  it('logged no unexpected failure along the way', () => {
    expect(emulator.output.filter((line) => /^storage: |Unexpected failure|request failed/.test(line))).toEqual([]);
  });
});
