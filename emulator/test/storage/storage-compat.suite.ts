// Supabase Storage's exact answers, through supabase-js's storage client against a real
// emulator (docs/compatibility.md#storage-compatibility): what a request without credentials is
// told, the shapes of buckets, object info and list-v2 folders, emptyBucket's message, and the
// vector routes while `[storage.vector] enabled = false`.
// Each test compares the whole answer the client hands back.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import {
  ANON_KEY,
  JWT_SECRET,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type EmulatorOptions,
  type TestEmulator,
} from '../harness.js';

const ISO_TIME = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

/** fetch without credentials: the client always sends them, this takes them off the request. */
const fetchWithoutCredentials: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('authorization');
  headers.delete('apikey');
  return fetch(input, { ...init, headers });
};

export function describeStorageCompat(title: string, options: Pick<EmulatorOptions, 'postgres'> = {}): void {
  describe(title, () => {
    let emulator: TestEmulator;
    let admin: SupabaseClient;

    beforeAll(async () => {
      emulator = await startTestEmulator(options);
      admin = emulator.admin();
      expect((await admin.storage.createBucket('compat', { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    }, 120_000);

    afterAll(() => emulator?.stop());

    it('a request without Authorization or apikey is refused with AccessDenied "Invalid Compact JWS" (HTTP 400, statusCode 403)', async () => {
      const bare = emulator.client(SERVICE_ROLE_KEY, { global: { fetch: fetchWithoutCredentials } });
      const { data, error } = await bare.storage.listBuckets();
      expect(data).toBeNull();
      expect(error).toMatchObject({
        name: 'StorageApiError',
        message: 'Invalid Compact JWS',
        status: 400,
        statusCode: '403',
      });

      const response = await fetch(`${emulator.apiUrl}/storage/v1/bucket`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Invalid Compact JWS',
      });
    });

    // storage-api verifies the bearer with jose and answers jose's message as AccessDenied.
    const refusedBearers: [string, () => Promise<string>, string][] = [
      ['a bearer that is no JWT', async () => 'not-a-jwt', 'Invalid Compact JWS'],
      ['a JWT whose header is not JSON', async () => 'bm90LWpzb24.e30.c2ln', 'JWS Protected Header is invalid'],
      ['a JWT with a bad signature', async () => `${ANON_KEY.slice(0, -4)}AAAA`, 'signature verification failed'],
      [
        'an expired JWT',
        () =>
          new SignJWT({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
            .sign(new TextEncoder().encode(JWT_SECRET)),
        '"exp" claim timestamp check failed',
      ],
      [
        'a JWT signed with an algorithm storage does not accept (HS512)',
        () =>
          new SignJWT({ role: 'anon' })
            .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
            .sign(new TextEncoder().encode(JWT_SECRET)),
        '"alg" (Algorithm) Header Parameter value not allowed',
      ],
    ];

    it.each(refusedBearers)(
      'a request with %s is refused with AccessDenied worded as jose words it (HTTP 400, statusCode 403)',
      async (_case, bearer, message) => {
        const token = await bearer();
        const client = emulator.client(ANON_KEY, { accessToken: () => Promise.resolve(token) });
        const { data, error } = await client.storage.listBuckets();
        expect(data).toBeNull();
        expect(error).toMatchObject({ name: 'StorageApiError', message, status: 400, statusCode: '403' });

        const response = await fetch(`${emulator.apiUrl}/storage/v1/bucket`, {
          headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message });
      },
    );

    it("an unknown route answers Fastify's 404 'Route <METHOD>:<url below /storage/v1> not found'", async () => {
      const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
      const cases: [method: string, path: string][] = [
        ['GET', '/nowhere?x=1'],
        ['PATCH', '/bucket'],
        ['GET', '/render/image/elsewhere/compat/a.png'],
        ['GET', '/upload/resumable'],
        ['POST', '/vector/NoSuchOperation'],
      ];
      for (const [method, path] of cases) {
        const response = await fetch(`${emulator.apiUrl}/storage/v1${path}`, { method, headers });
        expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({
          path,
          status: 404,
          type: expect.stringMatching(/^application\/json/),
        });
        expect(await response.json()).toEqual({
          message: `Route ${method}:${path} not found`,
          error: 'Not Found',
          statusCode: 404,
        });
      }
    });

    it('getBucket answers the bucket columns storage-api selects: no owner_id and no type', async () => {
      const { data, error } = await admin.storage.getBucket('compat');
      expect(error).toBeNull();
      expect(data).toEqual({
        id: 'compat',
        name: 'compat',
        owner: null,
        public: false,
        created_at: ISO_TIME,
        updated_at: ISO_TIME,
        file_size_limit: 1024,
        allowed_mime_types: null,
      });
    });

    it('listBuckets answers the same columns plus type, and no owner_id', async () => {
      const { data, error } = await admin.storage.listBuckets({ search: 'compat' });
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          id: 'compat',
          name: 'compat',
          owner: null,
          public: false,
          created_at: ISO_TIME,
          updated_at: ISO_TIME,
          file_size_limit: 1024,
          allowed_mime_types: null,
          type: 'STANDARD',
        },
      ]);
    });

    it('object info answers metadata {} (not null) for an object uploaded without user metadata', async () => {
      expect((await admin.storage.from('compat').upload('plain.txt', 'plain', { contentType: 'text/plain' })).error).toBeNull();
      const { data, error } = await admin.storage.from('compat').info('plain.txt');
      expect(error).toBeNull();
      expect(data).toEqual({
        id: expect.any(String),
        name: 'plain.txt',
        version: expect.any(String),
        bucketId: 'compat',
        size: 5,
        contentType: 'text/plain',
        cacheControl: 'max-age=3600',
        etag: expect.stringMatching(/^".+"$/),
        metadata: {},
        lastModified: ISO_TIME,
        createdAt: ISO_TIME,
      });
    });

    it('list-v2 folder entries carry the full prefix as name and the key without the trailing slash', async () => {
      for (const name of ['tree/docs/one.txt', 'tree/docs/deep/two.txt', 'tree/img/a.png', 'tree/top.txt']) {
        expect((await admin.storage.from('compat').upload(name, 'x')).error).toBeNull();
      }
      const { data, error } = await admin.storage.from('compat').listV2({ prefix: 'tree/', with_delimiter: true });
      expect(error).toBeNull();
      expect(data?.folders).toEqual([
        { name: 'tree/docs/', key: 'tree/docs' },
        { name: 'tree/img/', key: 'tree/img' },
      ]);
      expect(data?.objects.map((o) => ({ name: o.name, key: o.key }))).toEqual([{ name: 'tree/top.txt', key: 'tree/top.txt' }]);
      expect(data?.hasNext).toBe(false);
    });

    it('emptyBucket answers storage\'s "Empty bucket has been queued. Completion may take up to an hour."', async () => {
      await admin.storage.createBucket('compat-empty');
      await admin.storage.from('compat-empty').upload('a/one.txt', 'one');
      const answer = await admin.storage.emptyBucket('compat-empty');
      expect(answer).toEqual({
        data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
        error: null,
      });
      // The emulator empties at once, so the bucket can be deleted straight away.
      expect((await admin.storage.from('compat-empty').list()).data).toEqual([]);
      expect((await admin.storage.deleteBucket('compat-empty')).error).toBeNull();
    });

    describe('with [storage.vector] enabled = false', () => {
      let disabled: TestEmulator;

      beforeAll(async () => {
        disabled = await startTestEmulator({ ...options, configToml: '[storage.vector]\nenabled = false\n' });
      }, 120_000);

      afterAll(() => disabled?.stop());

      it("vector routes are not served: each answers Fastify's 404 'Route POST:/vector/<Operation> not found', objects still work", async () => {
        const storage = disabled.admin().storage;
        const created = await storage.vectors.createBucket('embeddings');
        expect(created.data).toBeNull();
        expect(created.error).toMatchObject({
          name: 'StorageVectorsApiError',
          message: 'Route POST:/vector/CreateVectorBucket not found',
          status: 404,
          statusCode: 404,
        });

        const response = await fetch(`${disabled.apiUrl}/storage/v1/vector/ListVectorBuckets`, {
          method: 'POST',
          headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({
          message: 'Route POST:/vector/ListVectorBuckets not found',
          error: 'Not Found',
          statusCode: 404,
        });

        expect((await storage.createBucket('still-served')).error).toBeNull();
      });
    });
  });
}
