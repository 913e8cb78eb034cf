// Supabase Storage's exact answers, through supabase-js's storage client against a real
// emulator (docs/compatibility.md#storage-compatibility): what a request without credentials is
// told, the shapes of buckets, object info and list-v2 folders, emptyBucket's message, and the
// vector routes while `[storage.vector] enabled = false`.
// Each test compares the whole answer the client hands back. Beside them, the headers every path
// that serves an uploaded file sends, where the emulator goes further than storage-api
// (docs/compatibility.md#storage-files-served-inert).
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
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

    describe('uploaded files served inert', () => {
      const BUCKET = 'compat-served';
      const SCRIPT = '<script>window.__ran = document.cookie</script>';
      const XHTML_SCRIPT = '<h:script xmlns:h="http://www.w3.org/1999/xhtml">window.__ran = document.cookie</h:script>';
      const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="window.__ran = 1">${SCRIPT}<rect width="20" height="20" fill="teal"/></svg>`;
      const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF';

      /** name, the type it is uploaded with (null: none at all), what it is served as, whether it is sandboxed. */
      const FILES: [name: string, uploadedAs: string | null, servedAs: string, sandboxed: boolean][] = [
        ['drawing.svg', 'image/svg+xml', 'image/svg+xml', true],
        ['page.html', 'text/html', 'text/plain', true],
        ['shouting.html', 'TEXT/HTML', 'text/plain', true],
        ['listed.html', 'text/plain,text/html', 'text/plain', true],
        ['page.xhtml', 'application/xhtml+xml', 'application/xhtml+xml', true],
        ['data.xml', 'text/xml', 'text/xml', true],
        ['feed.rss', 'application/rss+xml', 'application/rss+xml', true],
        ['untyped', null, 'application/octet-stream', true],
        ['notes.txt', 'text/plain', 'text/plain', true],
        ['photo.png', 'image/png', 'image/png', true],
        ['report.pdf', 'application/pdf', 'application/pdf', false],
      ];

      const bodyOf = async (name: string): Promise<Uint8Array<ArrayBuffer>> => {
        if (name.endsWith('.png')) {
          const pixels = Buffer.alloc(4 * 4 * 3, 200);
          return new Uint8Array(await sharp(pixels, { raw: { width: 4, height: 4, channels: 3 } }).png().toBuffer());
        }
        if (name.endsWith('.pdf')) return new TextEncoder().encode(PDF);
        if (name.endsWith('.svg')) return new TextEncoder().encode(SVG);
        if (/\.(xml|rss|xhtml)$/.test(name)) return new TextEncoder().encode(`<?xml version="1.0"?><root>${XHTML_SCRIPT}</root>`);
        return new TextEncoder().encode(`<!doctype html><title>x</title>${SCRIPT}`);
      };

      const bearer = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

      /** What a browser decides by: type, sniffing, sandbox, attachment. */
      const served = (route: string, response: Response) => ({
        route,
        status: response.status,
        type: response.headers.get('content-type'),
        nosniff: response.headers.get('x-content-type-options'),
        csp: response.headers.get('content-security-policy'),
        disposition: response.headers.get('content-disposition'),
      });

      beforeAll(async () => {
        expect((await admin.storage.createBucket(BUCKET, { public: true })).error).toBeNull();
        for (const [name, uploadedAs] of FILES) {
          // A raw request, so the type arrives exactly as written (or not at all).
          const response = await fetch(`${emulator.apiUrl}/storage/v1/object/${BUCKET}/${name}`, {
            method: 'POST',
            headers: { ...bearer, ...(uploadedAs === null ? {} : { 'content-type': uploadedAs }) },
            body: await bodyOf(name),
          });
          expect({ name, status: response.status }).toEqual({ name, status: 200 });
        }
      });

      it.each(FILES)(
        '%s (uploaded as %s) is served as %s, nosniff, sandboxed unless a PDF, inline unless ?download, on every object route, HEAD, 206 and 304',
        async (name, _uploadedAs, servedAs, sandboxed) => {
          const files = admin.storage.from(BUCKET);
          const signed = await files.createSignedUrl(name, 60);
          const signedForDownload = await files.createSignedUrl(name, 60, { download: name });
          expect([signed.error, signedForDownload.error]).toEqual([null, null]);
          const publicUrl = files.getPublicUrl(name).data.publicUrl;
          const base = `${emulator.apiUrl}/storage/v1/object`;

          const first = await fetch(publicUrl);
          const eTag = first.headers.get('etag')!;
          const answers = [
            served('public', first),
            served('public HEAD', await fetch(publicUrl, { method: 'HEAD' })),
            served('public ?download', await fetch(`${publicUrl}?download=`)),
            served('authenticated', await fetch(`${base}/authenticated/${BUCKET}/${name}`, { headers: bearer })),
            served('bucket/key', await fetch(`${base}/${BUCKET}/${name}`, { headers: bearer })),
            served('signed', await fetch(signed.data!.signedUrl)),
            served('signed HEAD', await fetch(signed.data!.signedUrl, { method: 'HEAD' })),
            served('signed ?download', await fetch(signedForDownload.data!.signedUrl)),
            served('range', await fetch(publicUrl, { headers: { range: 'bytes=0-3' } })),
            served('304', await fetch(publicUrl, { headers: { 'if-none-match': eTag } })),
          ];
          const csp = sandboxed ? 'sandbox' : null;
          const inline = { type: servedAs, nosniff: 'nosniff', csp, disposition: null };
          expect(answers).toEqual([
            { route: 'public', status: 200, ...inline },
            { route: 'public HEAD', status: 200, ...inline },
            { route: 'public ?download', status: 200, ...inline, disposition: 'attachment;' },
            { route: 'authenticated', status: 200, ...inline },
            { route: 'bucket/key', status: 200, ...inline },
            { route: 'signed', status: 200, ...inline },
            { route: 'signed HEAD', status: 200, ...inline },
            { route: 'signed ?download', status: 200, ...inline, disposition: `attachment; filename=${name}; filename*=UTF-8''${name};` },
            { route: 'range', status: 206, ...inline },
            // A 304 has no type; the browser keeps its cached one, and these headers with it.
            { route: '304', status: 304, ...inline, type: null },
          ]);
        },
      );

      it('an SVG through image transformation comes back sandboxed (public, authenticated, signed, HEAD, 304), as does a raster rendition', async () => {
        const files = admin.storage.from(BUCKET);
        const render = `${emulator.apiUrl}/storage/v1/render/image`;
        const signed = await files.createSignedUrl('drawing.svg', 60, { transform: { width: 10 } });
        expect(signed.error).toBeNull();
        expect(signed.data!.signedUrl).toContain('/render/image/sign/');
        const publicSvg = files.getPublicUrl('drawing.svg', { transform: { width: 10 } }).data.publicUrl;
        const first = await fetch(publicSvg);
        const svgAnswers = [
          served('public', first),
          served('public HEAD', await fetch(publicSvg, { method: 'HEAD' })),
          served('authenticated', await fetch(`${render}/authenticated/${BUCKET}/drawing.svg?width=10`, { headers: bearer })),
          served('signed', await fetch(signed.data!.signedUrl)),
          served('304', await fetch(publicSvg, { headers: { 'if-none-match': first.headers.get('etag')! } })),
        ];
        const sandboxedSvg = { type: 'image/svg+xml', nosniff: 'nosniff', csp: 'sandbox', disposition: null };
        expect(svgAnswers).toEqual([
          { route: 'public', status: 200, ...sandboxedSvg },
          { route: 'public HEAD', status: 200, ...sandboxedSvg },
          { route: 'authenticated', status: 200, ...sandboxedSvg },
          { route: 'signed', status: 200, ...sandboxedSvg },
          { route: '304', status: 304, ...sandboxedSvg, type: null },
        ]);

        const png = files.getPublicUrl('photo.png', { transform: { width: 2 } }).data.publicUrl;
        const renditions = [
          served('webp', await fetch(png, { headers: { accept: 'image/webp' } })),
          served('webp HEAD', await fetch(png, { method: 'HEAD', headers: { accept: 'image/webp' } })),
          served('avif from svg', await fetch(`${render}/public/${BUCKET}/drawing.svg?format=avif`)),
        ];
        expect(renditions).toEqual([
          { route: 'webp', status: 200, type: 'image/webp', nosniff: 'nosniff', csp: 'sandbox', disposition: null },
          { route: 'webp HEAD', status: 200, type: 'image/webp', nosniff: 'nosniff', csp: 'sandbox', disposition: null },
          { route: 'avif from svg', status: 200, type: 'image/avif', nosniff: 'nosniff', csp: 'sandbox', disposition: null },
        ]);
      });

      it('a signed link is made for any lifetime storage-api accepts (it sets no maximum), ten years included', async () => {
        const tenYears = 10 * 365 * 24 * 60 * 60;
        const { data, error } = await admin.storage.from(BUCKET).createSignedUrl('drawing.svg', tenYears);
        expect(error).toBeNull();
        const token = new URL(data!.signedUrl).searchParams.get('token')!;
        const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
        expect(claims.exp - claims.iat).toBe(tenYears);
        // What keeps such a link harmless is how the file is served, not its lifetime.
        expect(served('signed', await fetch(data!.signedUrl))).toMatchObject({ status: 200, csp: 'sandbox', nosniff: 'nosniff' });
      });
      it('createSignedUrl with a transform serves the image transformed as storage-api sizes it (cover, contain, fill), with the served headers', async () => {
        const files = admin.storage.from(BUCKET);
        const wide = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c33' } }).png().toBuffer();
        expect((await files.upload('wide.png', wide, { contentType: 'image/png' })).error).toBeNull();
        // storage-api hands these to imgproxy as rs:fill (cover, the default), rs:fit (contain)
        // and rs:force (fill); a missing dimension keeps the aspect ratio.
        const cases = [
          [{ width: 50, height: 50, resize: 'cover' }, 50, 50],
          [{ width: 50 }, 50, 25],
          [{ width: 50, height: 50, resize: 'contain' }, 50, 25],
          [{ width: 50, height: 20, resize: 'fill' }, 50, 20],
        ] as const;
        const answers = [];
        for (const [transform] of cases) {
          const { data, error } = await files.createSignedUrl('wide.png', 60, { transform });
          expect(error).toBeNull();
          const response = await fetch(data!.signedUrl);
          const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          answers.push({ ...served('signed', response), size: [image.format, image.width, image.height] });
        }
        expect(answers).toEqual(
          cases.map(([, width, height]) => ({
            route: 'signed',
            status: 200,
            type: 'image/png',
            nosniff: 'nosniff',
            csp: 'sandbox',
            disposition: null,
            size: ['png', width, height],
          })),
        );
      });
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
