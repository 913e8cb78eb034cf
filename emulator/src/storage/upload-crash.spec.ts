// An emulator killed (SIGKILL) in the middle of an upload leaves a half-written temp file in
// its data directory; the next start on the same data removes it, the half upload never
// becomes an object, and objects stored before stay whole. A resumable (TUS) upload killed
// mid-PATCH is no object either after the restart: it resumes from the bytes on disk and only
// its last byte makes it one, whole.
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

/** Bytes of resumable uploads in flight (records are the `.json` files beside them). */
function resumableBytes(workdir: string): number[] {
  const dir = path.join(workdir, '.supabase-local', 'storage-resumable');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.endsWith('.json'))
    .map((name) => statSync(path.join(dir, name)).size);
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

  test('a resumable upload killed mid-PATCH is no object after restart; it resumes from the bytes on disk and completes whole', async () => {
    const admin = emulator.admin();
    expect((await admin.storage.createBucket('resumable')).error).toBeNull();
    const total = 8 * MiB;
    const bytes = new Uint8Array(total).map((_, i) => (i * 7) % 253);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const tus = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${emulator.apiUrl}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(total),
        'upload-metadata': `bucketName ${b64('resumable')},objectName ${b64('big.bin')},contentType ${b64('application/octet-stream')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, emulator.apiUrl).toString();

    // A PATCH that sends its first megabyte of the rest and then stalls.
    const patch = http.request(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(total) },
    });
    patch.on('error', () => undefined); // the server dies under it
    patch.write(bytes.subarray(0, MiB));
    await until(() => resumableBytes(emulator.workdir).some((size) => size > 0), 'the PATCH to reach the disk');

    await emulator.crash();
    patch.destroy();
    await emulator.restart();

    const { data: listed } = await admin.storage.from('resumable').list();
    expect(listed).toEqual([]);
    expect((await admin.storage.from('resumable').download('big.bin')).data).toBeNull();
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(MiB);

    const resumed = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset),
    });
    expect(resumed.status).toBe(204);
    const { data: stored, error } = await admin.storage.from('resumable').download('big.bin');
    expect(error).toBeNull();
    expect(Buffer.from(await stored!.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });
});
