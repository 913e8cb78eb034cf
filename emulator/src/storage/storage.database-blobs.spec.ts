// Object bytes kept in the database (PORTAL_STORAGE_BACKEND=database): the same client calls,
// bytes in storage.object_blobs that commit and roll back with their rows, no object files.
// On PGlite the behaviour is checked through the API; on a real PostgreSQL (when
// TEST_DATABASE_URL is set) the table itself is inspected too.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SERVICE_ROLE_KEY, postgresTestUrl, startTestEmulator, type TestEmulator } from '../../test/harness.js';

function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
}

async function exerciseBucket(emulator: TestEmulator): Promise<void> {
  const admin = emulator.admin();
  await admin.storage.createBucket('blobs');
  const bucket = admin.storage.from('blobs');
  expect((await bucket.upload('a.txt', 'database bytes')).error).toBeNull();
  expect(await (await bucket.download('a.txt')).data!.text()).toBe('database bytes');

  const partial = await fetch(`${emulator.apiUrl}/storage/v1/object/blobs/a.txt`, {
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, Range: 'bytes=9-13' },
  });
  expect(partial.status).toBe(206);
  expect(await partial.text()).toBe('bytes');

  await bucket.upload('a.txt', 'replaced', { upsert: true });
  expect(await (await bucket.download('a.txt')).data!.text()).toBe('replaced');

  expect((await bucket.move('a.txt', 'moved/a.txt')).error).toBeNull();
  expect(await (await bucket.download('moved/a.txt')).data!.text()).toBe('replaced');
  expect((await bucket.copy('moved/a.txt', 'copy.txt')).error).toBeNull();
  expect(await (await bucket.download('copy.txt')).data!.text()).toBe('replaced');

  const conflict = await bucket.upload('copy.txt', 'again');
  expect(conflict.error).toMatchObject({ statusCode: '409' });

  const { data: removed } = await bucket.remove(['moved/a.txt']);
  expect(removed).toHaveLength(1);

  const dataDir = path.join(emulator.workdir, '.supabase-local');
  expect(filesUnder(path.join(dataDir, 'storage'))).toEqual([]);
  expect(filesUnder(path.join(dataDir, 'storage-tmp'))).toEqual([]);
}

describe('storage with bytes in the database (PGlite)', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({ env: { PORTAL_STORAGE_BACKEND: 'database' } });
  }, 120_000);

  afterAll(() => emulator?.stop());

  it('uploads, downloads (whole and ranges), replaces, moves, copies and removes, writing no files', async () => {
    await exerciseBucket(emulator);
  });
});

const serverUrl = postgresTestUrl();
(serverUrl ? describe : describe.skip)('storage with bytes in the database (real PostgreSQL)', () => {
  let emulator: TestEmulator;
  let sql: pg.Client;
  let database: string;

  beforeAll(async () => {
    database = `storage_blobs_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl! });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    emulator = await startTestEmulator({ env: { PORTAL_STORAGE_BACKEND: 'database', DATABASE_URL: url.toString() } });
    sql = new pg.Client({ connectionString: url.toString() });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await emulator?.stop();
    const admin = new pg.Client({ connectionString: serverUrl! });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('keeps exactly the bytes objects refer to, out of reach of API roles', async () => {
    await exerciseBucket(emulator);
    const { rows } = await sql.query(
      `select o.name, octet_length(b.data)::int as size from storage.object_blobs b
       join storage.objects o on o.version = b.version order by o.name`,
    );
    expect(rows).toEqual([{ name: 'copy.txt', size: 8 }]);
    const { rows: orphans } = await sql.query(
      'select count(*)::int as n from storage.object_blobs b where not exists (select 1 from storage.objects o where o.version = b.version)',
    );
    expect(orphans[0].n).toBe(0);

    await sql.query('begin; set local role authenticated');
    await expect(sql.query('select * from storage.object_blobs')).rejects.toThrow(/permission denied/);
    await sql.query('rollback');
    await sql.query('begin; set local role authenticated');
    await expect(sql.query(`select storage.put_object_blob('no-such-version', '\\x00')`)).rejects.toThrow(
      /no object carries version/,
    );
    await sql.query('rollback');
  });
});
