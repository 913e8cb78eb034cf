// Hostile input over the storage endpoints through HTTP, as any client could send it: object
// paths (traversal, bad percent-encoding, NUL, overlong), headers (content type, upsert, cache
// control, ranges, conditional requests), multipart bodies, TUS headers and metadata, bucket
// bodies and render parameters. Every answer must be a storage-shaped refusal or a success —
// never a 5xx — and storage keeps serving afterwards.
import sharp from 'sharp';
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { fuzzRequests, send, type FuzzRequest } from '../../test/http-fuzz.js';

const CASES = 1500;
const S = '/storage/v1';

const HEADER_NAMES = [
  'content-type',
  'x-upsert',
  'cache-control',
  'range',
  'if-none-match',
  'if-modified-since',
  'x-metadata',
  'authorization',
  'apikey',
  'accept',
];
const TUS_HEADER_NAMES = ['tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-defer-length', 'x-upsert', 'content-type'];

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('storage endpoints on hostile input', () => {
  jest.setTimeout(300_000);
  let emulator: TestEmulator;
  let auth: Record<string, string>;
  let user: Record<string, string>;
  let signedToken: string;
  let uploadToken: string;
  let tusLocation: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const admin = emulator.admin();
    auth = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
    expect((await admin.storage.createBucket('fuzz')).error).toBeNull();
    expect((await admin.storage.createBucket('fuzzpub', { public: true })).error).toBeNull();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } }).png().toBuffer();
    for (const bucket of ['fuzz', 'fuzzpub']) {
      expect((await admin.storage.from(bucket).upload('a.txt', 'hello', { contentType: 'text/plain' })).error).toBeNull();
      expect((await admin.storage.from(bucket).upload('dir/img.png', png, { contentType: 'image/png' })).error).toBeNull();
    }
    const signed = await admin.storage.from('fuzz').createSignedUrl('a.txt', 3600);
    signedToken = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const uploadUrl = await admin.storage.from('fuzz').createSignedUploadUrl('signed-upload.txt');
    uploadToken = uploadUrl.data!.token;
    const { data, error } = await emulator.client().auth.signUp({ email: 'storage-fuzz@example.com', password: 'fuzz-password-1' });
    if (error) throw error;
    user = { apikey: ANON_KEY, authorization: `Bearer ${data.session!.access_token}` };
    tusLocation = new URL(
      (await fetch(`${emulator.apiUrl}${S}/upload/resumable`, {
        method: 'POST',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `bucketName ${b64('fuzz')},objectName ${b64('tus2.bin')}`,
        },
      })).headers.get('location')!,
    ).pathname;
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  function templates(): FuzzRequest[] {
    const json = (value: unknown) => ({ kind: 'json' as const, value });
    const raw = (text: string) => ({ kind: 'raw' as const, bytes: Buffer.from(text) });
    const render = { width: '4', height: '4', resize: 'cover', quality: '80', format: 'origin' };
    const list: FuzzRequest[] = [
      { method: 'GET', path: `${S}/bucket`, headers: auth },
      { method: 'GET', path: `${S}/bucket/fuzz`, headers: auth },
      {
        method: 'POST',
        path: `${S}/bucket`,
        headers: auth,
        body: json({ id: 'made', name: 'made', public: false, file_size_limit: 1024, allowed_mime_types: ['text/plain', 'image/*'] }),
      },
      { method: 'PUT', path: `${S}/bucket/fuzzpub`, headers: auth, body: json({ public: true, file_size_limit: '1MB', allowed_mime_types: null }) },
      { method: 'POST', path: `${S}/bucket/none/empty`, headers: auth },
      { method: 'DELETE', path: `${S}/bucket/none`, headers: auth },
      {
        method: 'POST',
        path: `${S}/object/fuzz/up/raw.txt`,
        headers: { ...auth, 'content-type': 'text/plain', 'x-upsert': 'true', 'cache-control': 'max-age=60' },
        body: raw('raw body'),
      },
      {
        method: 'PUT',
        path: `${S}/object/fuzz/a.txt`,
        headers: { ...user, 'content-type': 'text/plain' },
        body: raw('by a user'),
      },
      {
        method: 'POST',
        path: `${S}/object/fuzz/up/multi.txt`,
        headers: { ...auth, 'x-upsert': 'true' },
        body: {
          kind: 'multipart',
          parts: [
            { name: 'cacheControl', value: '3600' },
            { name: 'metadata', value: JSON.stringify({ owner: 'me' }) },
            { name: '', value: 'file contents', filename: 'multi.txt', contentType: 'text/plain' },
          ],
        },
      },
      { method: 'GET', path: `${S}/object/fuzz/a.txt`, headers: { ...auth, range: 'bytes=0-2' } },
      { method: 'HEAD', path: `${S}/object/authenticated/fuzz/a.txt`, headers: { ...auth, 'if-none-match': '"x"' } },
      { method: 'GET', path: `${S}/object/public/fuzzpub/a.txt`, headers: { 'if-modified-since': new Date().toUTCString() } },
      { method: 'GET', path: `${S}/object/info/fuzz/a.txt`, headers: auth },
      { method: 'GET', path: `${S}/object/info/public/fuzzpub/a.txt`, headers: {} },
      {
        method: 'POST',
        path: `${S}/object/list/fuzz`,
        headers: auth,
        body: json({ prefix: 'dir', limit: 10, offset: 0, sortBy: { column: 'name', order: 'asc' }, search: 'img' }),
      },
      {
        method: 'POST',
        path: `${S}/object/list-v2/fuzz`,
        headers: auth,
        body: json({ prefix: 'dir/', limit: 10, cursor: '', with_delimiter: true, sortBy: { column: 'created_at', order: 'desc' } }),
      },
      { method: 'POST', path: `${S}/object/move`, headers: auth, body: json({ bucketId: 'fuzz', sourceKey: 'nothing.txt', destinationKey: 'x/y.txt' }) },
      {
        method: 'POST',
        path: `${S}/object/copy`,
        headers: auth,
        body: json({ bucketId: 'fuzz', sourceKey: 'a.txt', destinationKey: 'copies/a.txt', destinationBucket: 'fuzzpub', copyMetadata: true }),
      },
      { method: 'POST', path: `${S}/object/sign/fuzz/dir/img.png`, headers: auth, body: json({ expiresIn: 60, transform: { width: 4, resize: 'fill' } }) },
      { method: 'POST', path: `${S}/object/sign/fuzz`, headers: auth, body: json({ expiresIn: 60, paths: ['a.txt', 'dir/img.png', 'none'] }) },
      { method: 'GET', path: `${S}/object/sign/fuzz/a.txt`, query: { token: signedToken, download: 'name.txt' } },
      { method: 'POST', path: `${S}/object/upload/sign/fuzz/later.txt`, headers: { ...auth, 'x-upsert': 'true' } },
      { method: 'PUT', path: `${S}/object/upload/sign/fuzz/signed-upload.txt`, query: { token: uploadToken }, headers: { 'content-type': 'text/plain' }, body: raw('signed') },
      { method: 'DELETE', path: `${S}/object/fuzz`, headers: auth, body: json({ prefixes: ['up/gone.txt', 'none'] }) },
      { method: 'DELETE', path: `${S}/object/fuzz/up/gone.txt`, headers: auth },
      { method: 'GET', path: `${S}/render/image/authenticated/fuzz/dir/img.png`, query: render, headers: auth },
      { method: 'GET', path: `${S}/render/image/public/fuzzpub/dir/img.png`, query: { ...render, format: 'avif' } },
      { method: 'GET', path: `${S}/render/image/sign/fuzz/dir/img.png`, query: { token: signedToken } },
      {
        method: 'POST',
        path: `${S}/upload/resumable`,
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-length': '5',
          'x-upsert': 'true',
          'upload-metadata': `bucketName ${b64('fuzz')},objectName ${b64('tus/new.bin')},contentType ${b64('text/plain')},cacheControl ${b64('60')}`,
        },
      },
      {
        method: 'PATCH',
        path: tusLocation,
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: raw('12345'),
      },
      { method: 'HEAD', path: tusLocation, headers: { ...auth, 'tus-resumable': '1.0.0' } },
      { method: 'OPTIONS', path: `${S}/upload/resumable`, headers: { 'tus-resumable': '1.0.0' } },
      { method: 'DELETE', path: `${S}/upload/resumable/${'x'.repeat(20)}`, headers: { ...auth, 'tus-resumable': '1.0.0' } },
    ];
    return list;
  }

  it('refuses a NUL character in a bucket id, a listing prefix or metadata with 400 InvalidRequest', async () => {
    const cases: FuzzRequest[] = [
      { method: 'POST', path: `${S}/bucket/none%00/empty`, headers: auth },
      { method: 'POST', path: `${S}/object/list-v2/fuzz`, headers: auth, body: { kind: 'json', value: { prefix: 'a\u0000' } } },
      {
        method: 'POST',
        path: `${S}/object/fuzz/nul-metadata.txt`,
        headers: auth,
        body: {
          kind: 'multipart',
          parts: [
            { name: 'metadata', value: JSON.stringify({ note: '\u0000' }) },
            { name: '', value: 'contents', filename: 'nul-metadata.txt', contentType: 'text/plain' },
          ],
        },
      },
    ];
    for (const request of cases) {
      const answer = await send(emulator.apiUrl, request);
      expect({ path: request.path, status: answer.status }).toEqual({ path: request.path, status: 400 });
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '400', code: 'InvalidRequest', message: expect.stringMatching(/NUL/) });
    }
  });

  it('refuses a multipart body cut short inside a file, kept or dropped, or with an unreadable part header, with 400 and keeps serving', async () => {
    const file = { name: '', value: 'x'.repeat(2000), filename: 'cut.txt', contentType: 'text/plain' };
    const cutInside = (marker: string) => (bytes: Buffer) => bytes.subarray(0, bytes.lastIndexOf(marker) + 1000);
    const cases = [
      { parts: [{ name: 'cacheControl', value: '60' }, file], corrupt: cutInside(file.value) },
      { parts: [file, { ...file, value: 'y'.repeat(2000), filename: 'second.txt' }], corrupt: cutInside('y'.repeat(2000)) },
    ];
    for (const { parts, corrupt } of cases) {
      const answer = await send(emulator.apiUrl, {
        method: 'POST',
        path: `${S}/object/fuzz/cut.txt`,
        headers: auth,
        body: { kind: 'multipart', parts },
        corrupt,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'InvalidRequest', message: 'Malformed multipart body: Unexpected end of form' });
    }
    // A part header busboy cannot read (a NUL in the field name) ends the parse without 'close'.
    const badHeader = await send(emulator.apiUrl, {
      method: 'POST',
      path: `${S}/object/fuzz/cut.txt`,
      headers: auth,
      body: { kind: 'multipart', parts: [{ name: 'a\u0000b', value: 'value' }] },
    }, 20_000);
    expect(badHeader.status).toBe(400);
    expect(JSON.parse(badHeader.body)).toMatchObject({ code: 'InvalidRequest', message: 'Malformed multipart body: Malformed part header' });
    expect((await emulator.admin().storage.from('fuzz').download('cut.txt')).data).toBeNull();
    expect((await emulator.admin().storage.from('fuzz').download('a.txt')).error).toBeNull();
  });

  it(`answers ${CASES} mutated storage requests without a 5xx`, async () => {
    const failures = await fuzzRequests(emulator.apiUrl, {
      seed: 20261201,
      cases: CASES,
      templates: templates(),
      headerNames: [...HEADER_NAMES, ...TUS_HEADER_NAMES],
      label: 'storage',
    });
    expect(failures).toEqual([]);
    const { data, error } = await emulator.admin().storage.from('fuzz').download('a.txt');
    expect(error).toBeNull();
    expect(await data!.text()).toBeTruthy();
  });
});
