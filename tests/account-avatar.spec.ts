// Profile pictures end to end: a person uploads a picture from the profile page into their own
// folder of the public `avatars` bucket (supabase/migrations/20250102000000_avatars_bucket.sql),
// the portal shows it and saves its public address in user_metadata; wrong files are refused in
// words before anything is stored; and the bucket's policies (RLS on storage.objects) keep every
// other person out of that folder, checked with supabase-js in Node under their own session.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { readRegistry } from '../deploy/src/index.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './support/people.js';

jest.setTimeout(180_000);

const LONG = { timeout: 60_000 };
const SCREENSHOTS = path.join(REPO, '.tmp', 'screenshots', 'account');

let portal: TestPortal;
let browser: Browser;
let page: TestPage;
const tab = pagePerTest(() => browser, {
  // Only the refusals the pages provoke on purpose may reach the console.
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of (400|403|413|415)/.test(e.text)),
});

beforeAll(async () => {
  // The picture is uploaded by the files remote's upload parcel, so that remote is published too.
  portal = await startTestPortal({ remotes: ['files'] });
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real PNG of `size`×`size` opaque pixels in one colour (RGB, 8 bits, no interlace). */
function pngOf(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A supabase-js client in Node signed in as `who` (its own session, nothing shared with the page). */
async function signedIn(who: { email: string; password: string }): Promise<{ client: SupabaseClient; userId: string }> {
  const client = portal.emulator.client();
  const { data, error } = await client.auth.signInWithPassword(who);
  if (error) throw error;
  return { client, userId: data.user.id };
}

const FIRST_PICTURE = pngOf(16, [40, 120, 220]);

/** A person whose picture is already uploaded and saved (through the API, as the page does it). */
async function ownerWithPicture(): Promise<{ owner: Person; client: SupabaseClient; ownerObject: string }> {
  const owner = await newPerson(portal.emulator, 'avatar');
  const client = await signedInClient(portal.emulator, owner);
  const bucket = client.storage.from('avatars');
  const ownerObject = `${owner.id}/avatar-1.png`;
  const uploaded = await bucket.upload(ownerObject, FIRST_PICTURE, { contentType: 'image/png' });
  if (uploaded.error) throw new Error(`could not upload ${ownerObject}: ${uploaded.error.message}`);
  const saved = await client.auth.updateUser({ data: { avatar_url: bucket.getPublicUrl(ownerObject).data.publicUrl } });
  if (saved.error) throw new Error(`could not save the picture's address: ${saved.error.message}`);
  return { owner, client, ownerObject };
}

/** This test's page on the profile, signed in with `client`'s session. */
async function openProfile(client: SupabaseClient): Promise<void> {
  page = await tab.open(await signedInStorage(portal.url, portal.emulator, client));
  await page.goto(`${portal.url}/account`);
  await page.getByTestId('avatar-preview').waitFor(LONG);
}

const fileInput = () => page.locator('input[type="file"]');
/** The upload parcel's refusal of a file, in the account remote's words. */
const pictureError = () => page.getByTestId('upload-widget').getByRole('alert');
const previewImage = () => page.getByTestId('avatar-preview').locator('img');
const uploaderParcel = () => page.locator('[data-remote-parcel="files/upload-parcel"]');
/** Where the registry says the files remote's release is (its manifest). */
const filesManifest = () => readRegistry(portal.portal.env).remotes.files!.manifest;

describe('profile pictures in the avatars bucket', () => {
  it('uploads a picture into the person’s own folder, shows it and saves its public address', async () => {
    const owner = { email: `avatar-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'avatar-pass-42' };
    page = await tab.open();
    // The uploader is the files remote's parcel, its code fetched from the files remote's origin —
    // as soon as the account page renders, so the requests are watched from the start.
    const filesOrigin = new URL(filesManifest()).origin;
    const fromFiles: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(filesOrigin)) fromFiles.push(request.url());
    });
    await page.goto(`${portal.url}/account/sign-up`);
    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="email"]').fill(owner.email);
    await form.locator('input[name="password"]').fill(owner.password);
    await form.locator('input[name="confirm"]').fill(owner.password);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/account', LONG);
    await page.getByText('No display name yet').waitFor(LONG);

    await uploaderParcel().and(page.locator('[data-state="mounted"]')).waitFor(LONG);
    await fileInput().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngOf(16, [40, 120, 220]) });
    await previewImage().waitFor(LONG);
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await previewImage().elementHandle(), LONG);
    await expect(previewImage().evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(16);
    const src = (await previewImage().getAttribute('src'))!;
    await expect(uploaderParcel().locator('li[data-upload]').getAttribute('data-status')).resolves.toBe('stored');
    expect(fromFiles.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

    const { client, userId } = await signedIn(owner);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.user_metadata.avatar_url).toBe(src);
    const listed = await client.storage.from('avatars').list(userId);
    expect(listed.error).toBeNull();
    expect(listed.data!.map((o) => o.name)).toEqual([expect.stringMatching(/^avatar-\d+\.png$/)]);
    const ownerObject = `${userId}/${listed.data![0]!.name}`;
    expect(src).toBe(client.storage.from('avatars').getPublicUrl(ownerObject).data.publicUrl);
    // The public address serves the very bytes, to anyone (no session, no key).
    const served = await fetch(src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(FIRST_PICTURE)).toBe(true);
    // The profile summary at the top shows the same picture.
    await page.locator('.account-identity img').waitFor(LONG);
    await expect(page.locator('.account-identity img').getAttribute('src')).resolves.toBe(src);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.locator('.pui-card').filter({ has: page.getByTestId('avatar-preview') }).screenshot({ path: path.join(SCREENSHOTS, `avatar-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('refuses a wrong kind of file and a too-large one in words, storing nothing', async () => {
    const { owner, client, ownerObject } = await ownerWithPicture();
    await openProfile(client);
    await fileInput().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await pictureError().waitFor(LONG);
    await expect(pictureError().textContent()).resolves.toContain('“notes.txt” is a text/plain file. Choose a PNG, JPEG, WebP or GIF picture.');

    const big = Buffer.concat([pngOf(4, [0, 0, 0]), Buffer.alloc(2 * 1024 * 1024)]);
    await fileInput().setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await pictureError().filter({ hasText: 'huge.png' }).waitFor(LONG);
    await expect(pictureError().textContent()).resolves.toContain('is larger than the 2 MB a picture may be. Choose a smaller one.');
    // One picture at a time: the earlier refusal gave way to this one.
    await expect(pictureError().count()).resolves.toBe(1);
    await page.locator('.pui-card').filter({ has: pictureError() }).screenshot({ path: path.join(SCREENSHOTS, 'avatar-refused.png') });

    const listed = await client.storage.from('avatars').list(owner.id);
    expect(listed.data!.map((o) => `${owner.id}/${o.name}`)).toEqual([ownerObject]);
    // The bucket's own limits stand behind the form's checks.
    const wrongType = await client.storage.from('avatars').upload(`${owner.id}/notes.txt`, Buffer.from('text'), { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const tooLarge = await client.storage.from('avatars').upload(`${owner.id}/huge.png`, big, { contentType: 'image/png' });
    expect(tooLarge.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect((await client.storage.from('avatars').list(owner.id)).data).toHaveLength(1);
  });

  it('keeps another person out of the first person’s folder (RLS), and lets them use their own', async () => {
    const { owner, ownerObject } = await ownerWithPicture();
    const other = await newPerson(portal.emulator, 'avatar-other');
    const { client, userId } = await signedIn(other);
    const bucket = client.storage.from('avatars');

    const overwrite = await bucket.upload(ownerObject, pngOf(8, [255, 0, 0]), { upsert: true, contentType: 'image/png' });
    expect(overwrite.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const intrude = await bucket.upload(`${owner.id}/avatar-intruder.png`, pngOf(8, [255, 0, 0]), { contentType: 'image/png' });
    expect(intrude.error).toMatchObject({ statusCode: '403' });
    // Delete is filtered by the policy: nothing of the first person's goes.
    const removed = await bucket.remove([ownerObject]);
    expect(removed.data ?? []).toEqual([]);

    const served = await fetch(bucket.getPublicUrl(ownerObject).data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(FIRST_PICTURE)).toBe(true);
    const own = await bucket.upload(`${userId}/avatar-1.png`, pngOf(8, [0, 200, 0]), { upsert: true, contentType: 'image/png' });
    expect(own.error).toBeNull();
    expect(own.data?.path).toBe(`${userId}/avatar-1.png`);
  });

  it('shows a clear error, not a broken page, when the files remote that uploads pictures is unreachable', async () => {
    const { owner, client } = await ownerWithPicture();
    page = await tab.open(await signedInStorage(portal.url, portal.emulator, client));
    const release = new URL('.', filesManifest()).href;
    await page.route((url) => url.href.startsWith(release), (route) => route.abort('connectionrefused'));
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('avatar-preview').waitFor(LONG);
    const failure = page.getByTestId('avatar-uploader-error');
    await failure.waitFor(LONG);
    await expect(failure.textContent()).resolves.toContain('The picture uploader could not be loaded');
    // The rest of the profile works: the picture is shown and can still be removed.
    await previewImage().waitFor(LONG);
    await expect(page.getByRole('button', { name: 'Remove picture' }).isEnabled()).resolves.toBe(true);
    await expect(fileInput().count()).resolves.toBe(0);

    // Once the files remote answers again, "Try again" brings the uploader.
    await page.unrouteAll();
    await failure.getByRole('button', { name: 'Try again' }).click();
    await uploaderParcel().and(page.locator('[data-state="mounted"]')).waitFor(LONG);
    await expect(fileInput().count()).resolves.toBe(1);
    expect((await client.storage.from('avatars').list(owner.id)).data).toHaveLength(1);
    // The refused requests this test provoked are expected in the console; nothing else is.
    const provoked = (text: string) => /ERR_CONNECTION_REFUSED|remoteEntry|mf-manifest|RUNTIME-003|"files" is already registered/.test(text);
    page.console.splice(0, page.console.length, ...page.console.filter((entry) => !provoked(entry.text)));
  });

  it('removes the picture: the metadata is cleared and the upload deleted', async () => {
    const { owner, client } = await ownerWithPicture();
    await openProfile(client);
    await previewImage().waitFor(LONG);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    // Back to initials (the button reads "Removing…" while it works, so wait for the picture).
    await previewImage().waitFor({ state: 'detached', ...LONG });
    await page.locator('.account-identity img').waitFor({ state: 'detached', ...LONG });
    await expect(page.getByRole('button', { name: /Remove picture|Removing/ }).count()).resolves.toBe(0);

    const { data: user } = await client.auth.getUser();
    expect(user.user?.user_metadata.avatar_url ?? null).toBeNull();
    expect((await client.storage.from('avatars').list(owner.id)).data).toEqual([]);
  });
});
