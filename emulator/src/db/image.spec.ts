import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

// Postgres gives every initdb its own system identifier: two data directories that share one
// were copied from the same initialised image.
const SYSTEM_ID_FUNCTION = `
create function public.database_system_id() returns text
  language sql security definer set search_path = '' as
  $$ select system_identifier::text from pg_catalog.pg_control_system() $$;
`;

describe('a fresh data directory starts from the initialised image', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-image-'));
  const cacheDir = path.join(scratch, 'cache');
  const emulators: TestEmulator[] = [];

  afterAll(async () => {
    for (const emulator of emulators) await emulator.stop();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  /** An emulator on an empty data directory of its own (not the test harness's template). */
  async function freshEmulator(name: string): Promise<TestEmulator> {
    const emulator = await startTestEmulator({
      files: { 'migrations/20240101000000_system_id.sql': SYSTEM_ID_FUNCTION },
      env: {
        PORTAL_DATA_DIR: path.join(scratch, name),
        PORTAL_EMULATOR_CACHE_DIR: cacheDir,
      },
    });
    emulators.push(emulator);
    return emulator;
  }

  async function systemId(emulator: TestEmulator): Promise<string> {
    const { data, error } = await emulator
      .client(SERVICE_ROLE_KEY)
      .rpc('database_system_id');
    expect(error).toBeNull();
    return data as string;
  }

  it('makes the image on the first start and copies it on the next', async () => {
    const first = await freshEmulator('first');
    expect(readdirSync(cacheDir).filter((f) => f.startsWith('pglite-image-'))).toHaveLength(1);
    const second = await freshEmulator('second');
    expect(await systemId(second)).toBe(await systemId(first));
  }, 240_000);
});
