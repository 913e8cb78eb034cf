// A signed link stops working when it expires. The share dialog offers hours and days, so the
// expiry is checked here through the very function the dialog calls (createShareLink) with a
// lifetime of two seconds, and through supabase-js's createSignedUrl directly, against a real
// emulator with the portal's own supabase/ folder.
import path from 'node:path';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { createShareLink, FILES_BUCKET } from '../remotes/files/src/storage-access.js';
import { newPerson, signedInClient } from './support/people.js';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ copySupabaseDir: path.resolve(__dirname, '..', 'supabase') });
}, 180_000);

afterAll(async () => {
  await emulator?.stop();
});

/** Waits until `moment` has passed (the only wait here is the link's own lifetime). */
function until(moment: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now())));
}

async function opened(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

describe('a shared signed link', () => {
  it('works for a stranger until it expires, then answers 400 (the share dialog’s link and createSignedUrl alike)', async () => {
    const person = await newPerson(emulator, 'files-share');
    const db = await signedInClient(emulator, person);
    const key = `${person.id}/shared.txt`;
    const { error } = await db.storage
      .from(FILES_BUCKET)
      .upload(key, new Blob(['shared for a moment'], { type: 'text/plain' }));
    if (error) throw error;

    const created = Date.now();
    const [dialogLink, direct] = await Promise.all([
      createShareLink(db, FILES_BUCKET, key, 2),
      db.storage.from(FILES_BUCKET).createSignedUrl(key, 2),
    ]);
    if (direct.error) throw direct.error;
    expect(Math.abs(dialogLink.expires.getTime() - (created + 2000))).toBeLessThan(1000);

    // Before expiry: both open the file with no session or key.
    expect(await opened(dialogLink.url)).toEqual({ status: 200, body: 'shared for a moment' });
    expect(await opened(direct.data.signedUrl)).toEqual({
      status: 200,
      body: 'shared for a moment',
    });

    // Three seconds after the links were made, both are refused in storage's words.
    await until(created + 3000);
    for (const url of [dialogLink.url, direct.data.signedUrl]) {
      const after = await opened(url);
      expect(after.status).toBe(400);
      expect(JSON.parse(after.body)).toMatchObject({
        statusCode: '400',
        error: 'InvalidJWT',
        message: 'jwt expired',
      });
    }
  });
});
