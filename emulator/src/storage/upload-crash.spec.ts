// An emulator killed (SIGKILL) in the middle of an upload leaves a half-written temp file in
// its data directory; the next start on the same data removes it, the half upload never
// becomes an object, and objects stored before stay whole.
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const MiB = 1024 * 1024;

/** Temp files of uploads in flight, with their sizes. */
function stagedFiles(workdir: string): { name: string; size: number }[] {
  const dir = path.join(workdir, '.supabase-local', 'storage-tmp');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => ({ name, size: statSync(path.join(dir, name)).size }));
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('storage after a crash mid-upload', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.stop());

  test('the next start removes the partial temp file; the half upload is not an object; other objects are intact', async () => {
    const admin = emulator.admin();
    expect((await admin.storage.createBucket('docs')).error).toBeNull();
    const kept = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    expect((await admin.storage.from('docs').upload('kept.bin', kept)).error).toBeNull();

    // A large upload that sends its first megabyte and then stalls, as a slow client would.
    const upload = http.request(`${emulator.apiUrl}/storage/v1/object/docs/half.bin`, {
      method: 'POST',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'content-type': 'application/octet-stream',
        'content-length': String(40 * MiB),
      },
    });
    upload.on('error', () => undefined); // the server dies under it
    upload.write(Buffer.alloc(MiB, 1));
    await until(() => stagedFiles(emulator.workdir).some((file) => file.size > 0), 'the upload to be staged');

    await emulator.crash();
    upload.destroy();
    expect(stagedFiles(emulator.workdir)).toEqual([expect.objectContaining({ size: expect.any(Number) })]);

    await emulator.restart();
    expect(stagedFiles(emulator.workdir)).toEqual([]);
    const { data: listed } = await admin.storage.from('docs').list();
    expect(listed?.map((object) => object.name)).toEqual(['kept.bin']);
    const half = await admin.storage.from('docs').download('half.bin');
    expect(half.data).toBeNull();
    const { data: stored } = await admin.storage.from('docs').download('kept.bin');
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(kept);
  });
});
