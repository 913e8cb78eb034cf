// Image transformation (/storage/v1/render/image/{public,authenticated,sign}/…) through
// supabase-js against a real emulator process: sizes and resize modes, formats, the same access
// rules as downloads, signed transform URLs, and the on-disk rendition cache
// (docs/compatibility.md#storage-image-transformations).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { ANON_KEY, JWT_SECRET, startTestEmulator, type TestEmulator } from '../../../test/harness.js';

const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';

const POLICIES = `
  insert into storage.buckets (id, name, public) values ('files', 'files', false), ('pictures', 'pictures', true);
  create policy "own folder: read" on storage.objects for select to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: insert" on storage.objects for insert to authenticated
    with check (bucket_id = 'files' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder: update" on storage.objects for update to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] = auth.uid()::text);
`;

async function userToken(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** A picture with some detail, so encoders have something to do. */
function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = (i * 7 + Math.floor(i / (width * 3)) * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function imageInfo(bytes: ArrayBuffer | Buffer) {
  const { width, height, format } = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width, height, format };
}

describe('storage image transformation', () => {
  let emulator: TestEmulator;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let renditionsDir: string;

  const renditionFiles = (): string[] =>
    existsSync(renditionsDir)
      ? readdirSync(renditionsDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];

  beforeAll(async () => {
    emulator = await startTestEmulator({ files: { 'migrations/0001_storage.sql': POLICIES } });
    renditionsDir = path.join(emulator.workdir, '.supabase-local', 'storage-renditions');
    const client = async (sub: string) =>
      emulator.client(ANON_KEY, {
        global: { headers: { Authorization: `Bearer ${await userToken(sub)}` } },
      });
    alice = await client(ALICE);
    bob = await client(BOB);
    const admin = emulator.admin();
    const png = await picture(400, 300);
    expect(
      (
        await admin.storage
          .from('pictures')
          .upload('landscape.png', png, { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    expect(
      (
        await alice.storage
          .from('files')
          .upload(`${ALICE}/photo.png`, png, { contentType: 'image/png' })
      ).error,
    ).toBeNull();
  });
  afterAll(() => emulator.stop());

  test('a public URL with a transform answers an image of the requested size, resize mode and format', async () => {
    const bucket = emulator.client().storage.from('pictures');
    const render = async (transform: Parameters<typeof bucket.getPublicUrl>[1], accept = '*/*') => {
      const response = await fetch(bucket.getPublicUrl('landscape.png', transform).data.publicUrl, {
        headers: { accept },
      });
      expect(response.status).toBe(200);
      const image = await imageInfo(await response.arrayBuffer());
      return {
        ...image,
        contentType: response.headers.get('content-type'),
        vary: response.headers.get('vary'),
      };
    };

    expect(await render({ transform: { width: 100, height: 100 } })).toMatchObject({
      width: 100,
      height: 100,
      format: 'png',
    });
    expect(
      await render({ transform: { width: 100, height: 100, resize: 'contain' } }),
    ).toMatchObject({ width: 100, height: 75 });
    expect(await render({ transform: { width: 100, height: 100, resize: 'fill' } })).toMatchObject({
      width: 100,
      height: 100,
    });
    expect(await render({ transform: { width: 200 } })).toMatchObject({ width: 200, height: 150 });
    // Never enlarged, as imgproxy.
    expect(await render({ transform: { width: 1000 } })).toMatchObject({ width: 400, height: 300 });
    // WebP for clients that take it, unless the stored format is asked for.
    expect(await render({ transform: { width: 100 } }, 'image/avif,image/webp,*/*')).toMatchObject({
      format: 'webp',
      contentType: 'image/webp',
      vary: expect.stringContaining('Accept'),
    });
    expect(
      await render({ transform: { width: 100, format: 'origin' } }, 'image/webp,*/*'),
    ).toMatchObject({
      format: 'png',
      contentType: 'image/png',
    });
    // AVIF on request (storage-js' types only name `origin`; storage-api accepts `avif` too).
    const avif = await fetch(
      `${bucket.getPublicUrl('landscape.png', { transform: { width: 100, quality: 50 } }).data.publicUrl}&format=avif`,
    );
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await imageInfo(await avif.arrayBuffer())).toMatchObject({
      format: 'heif',
      width: 100,
      height: 75,
    });
  });

  test('download with a transform reads as the caller: the owner gets the rendition, a second person and anonymous get nothing', async () => {
    const own = await alice.storage
      .from('files')
      .download(`${ALICE}/photo.png`, { transform: { width: 50, height: 50 } });
    expect(own.error).toBeNull();
    expect(await imageInfo(await own.data!.arrayBuffer())).toMatchObject({ width: 50, height: 50 });

    const other = await bob.storage
      .from('files')
      .download(`${ALICE}/photo.png`, { transform: { width: 50 } });
    expect(other.data).toBeNull();
    expect(other.error).toMatchObject({ statusCode: '404' });
    const anonymous = await emulator
      .client()
      .storage.from('files')
      .download(`${ALICE}/photo.png`, { transform: { width: 50 } });
    expect(anonymous.data).toBeNull();
    // The private bucket is not reachable through the public route either.
    const publicRoute = await fetch(
      emulator
        .client()
        .storage.from('files')
        .getPublicUrl(`${ALICE}/photo.png`, { transform: { width: 50 } }).data.publicUrl,
    );
    expect(publicRoute.ok).toBe(false);
  });

  test('a signed URL made with a transform renders for anyone holding it, with the transformation the token carries', async () => {
    const { data, error } = await alice.storage
      .from('files')
      .createSignedUrl(`${ALICE}/photo.png`, 60, {
        transform: { width: 64, height: 64, resize: 'fill' },
      });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/render/image/sign/');
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await imageInfo(await response.arrayBuffer())).toMatchObject({ width: 64, height: 64 });
    // Query options cannot widen what was shared.
    const widened = await fetch(`${data!.signedUrl}&width=400&height=300`);
    expect(await imageInfo(await widened.arrayBuffer())).toMatchObject({ width: 64, height: 64 });

    const refused = await bob.storage
      .from('files')
      .createSignedUrl(`${ALICE}/photo.png`, 60, { transform: { width: 64 } });
    expect(refused.data).toBeNull();
  });

  test('each rendition is cached on disk, served again without re-rendering, and replaced when the object changes', async () => {
    const objectName = `${ALICE}/cached.png`;
    const files = alice.storage.from('files');
    expect(
      (await files.upload(objectName, await picture(400, 300), { contentType: 'image/png' })).error,
    ).toBeNull();
    const before = new Set(renditionFiles());
    const first = await files.download(objectName, {
      transform: { width: 120, height: 120, resize: 'contain' },
    });
    expect(await imageInfo(await first.data!.arrayBuffer())).toMatchObject({
      width: 120,
      height: 90,
    });
    const made = renditionFiles().filter((file) => !before.has(file));
    expect(made).toHaveLength(1);
    const madeAt = statSync(made[0]!).mtimeMs;

    const again = await files.download(objectName, {
      transform: { width: 120, height: 120, resize: 'contain' },
    });
    expect(Buffer.from(await again.data!.arrayBuffer())).toEqual(
      Buffer.from(await first.data!.arrayBuffer()),
    );
    expect(statSync(made[0]!).mtimeMs).toBe(madeAt);
    expect(renditionFiles().filter((file) => !before.has(file))).toEqual(made);

    // A new upload under the same name: the old rendition goes, the new one shows the new image.
    expect(
      (
        await files.upload(objectName, await picture(200, 200), {
          contentType: 'image/png',
          upsert: true,
        })
      ).error,
    ).toBeNull();
    const changed = await files.download(objectName, {
      transform: { width: 120, height: 120, resize: 'contain' },
    });
    expect(await imageInfo(await changed.data!.arrayBuffer())).toMatchObject({
      width: 120,
      height: 120,
    });
    expect(existsSync(made[0]!)).toBe(false);
  });

  test("something that is no image, and options out of range, are refused in storage's error shape", async () => {
    const files = alice.storage.from('files');
    expect(
      (await files.upload(`${ALICE}/notes.txt`, 'just text', { contentType: 'text/plain' })).error,
    ).toBeNull();
    const text = await files.download(`${ALICE}/notes.txt`, { transform: { width: 10 } });
    expect(text.error).toMatchObject({
      status: 400,
      statusCode: '422',
      message: 'Source image type not supported',
    });

    const quality = await files.download(`${ALICE}/photo.png`, {
      transform: { width: 10, quality: 10 },
    });
    expect(quality.error).toMatchObject({ status: 400, statusCode: '400' });
    expect(quality.error?.message).toMatch(/quality must be a whole number from 20 to 100/);
  });
});
