import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Upload } from '@tus/server';
import { ResumableStore } from './store.js';
import { newUploadId } from './upload-id.js';

jest.mock('node:fs/promises', () => {
  const actual = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  return { ...actual, rm: jest.fn(actual.rm) };
});

const rm = fsPromises.rm as jest.MockedFunction<typeof fsPromises.rm>;
const actualRm = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises').rm;

describe('resumable store: sweeping expired uploads', () => {
  let dataDir: string;
  let store: ResumableStore;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'resumable-store-'));
    store = new ResumableStore(dataDir, 1_000);
    const version = 'c0ffee00-0000-4000-8000-000000000000';
    writeFileSync(path.join(store.dir, version), Buffer.alloc(1024));
    writeFileSync(
      path.join(store.dir, `${version}.json`),
      JSON.stringify({ creationDate: new Date(Date.now() - 60_000).toISOString() }),
    );
  });

  afterEach(() => {
    rm.mockImplementation(actualRm);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes an expired upload, bytes and record', async () => {
    await expect(store.deleteExpired()).resolves.toBe(1);
    expect(readdirSync(store.dir)).toEqual([]);
  });

  it('leaves nothing behind for the next sweep when a sweep stops between its two removals', async () => {
    // The emulator stopped (or the disk failed) after the first of the two removals.
    let calls = 0;
    rm.mockImplementation(async (...args) => {
      if (++calls === 2) throw new Error('stopped mid-sweep');
      return actualRm(...args);
    });
    await expect(store.deleteExpired()).rejects.toThrow('stopped mid-sweep');
    rm.mockImplementation(actualRm);
    // What is left is an expired record, which the next sweep (at start) removes; bytes without
    // a record would wait for the stray rule instead.
    await store.deleteExpired();
    expect(readdirSync(store.dir)).toEqual([]);
  });
});

describe('resumable store: an upload removed while a chunk streams in', () => {
  let dataDir: string;
  let store: ResumableStore;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'resumable-store-'));
    store = new ResumableStore(dataDir, 1_000);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers 410 Gone, as a HEAD would, not a server error', async () => {
    const id = newUploadId('files', 'owner/gone.bin');
    store.bind(id, { kind: 'caller', role: 'authenticated', sub: null, upsert: false });
    await store.create(new Upload({ id, size: 2048, offset: 0, metadata: {} }));
    const chunk = new PassThrough();
    const writing = store.write(chunk, id, 0);
    chunk.write(Buffer.alloc(512));
    // The expiry sweep takes the upload away mid-stream.
    await store.discard(id);
    chunk.end(Buffer.alloc(512));
    await expect(writing).rejects.toMatchObject({ status_code: 410 });
  });
});
