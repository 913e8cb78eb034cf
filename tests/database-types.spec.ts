// The portal's `Database` type (shared/platform/src/database.types.ts, what every remote's queries
// are typed by) is what `portal-emulator gen types typescript` prints for the current
// supabase/migrations: a migration committed without `npm run gen:types` fails here.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';

const REPO = path.resolve(__dirname, '..');
const BIN = path.join(REPO, 'emulator', 'bin', 'portal-emulator.js');
const TYPES_FILE = path.join(REPO, 'shared', 'platform', 'src', 'database.types.ts');
const MIGRATIONS = path.join(REPO, 'supabase', 'migrations');

function genTypes(workdir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // The schemas scripts/gen-types.js types: the portal's own, and the deploy API.
      [BIN, 'gen', 'types', 'typescript', '--schema', 'public,portal_deploy_api', '--workdir', workdir],
      { env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`gen types typescript failed: ${stderr || error.message}`)) : resolve(stdout)),
    );
  });
}

describe("the portal's generated Database type", () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    // The migrations only: the seed's rows do not change a type.
    const files = Object.fromEntries(
      readdirSync(MIGRATIONS)
        .filter((name) => name.endsWith('.sql'))
        .map((name) => [`migrations/${name}`, readFileSync(path.join(MIGRATIONS, name), 'utf8')]),
    );
    emulator = await startTestEmulator({ files });
  }, 150_000);

  afterAll(() => emulator?.stop());

  it('is what gen types typescript prints for the current migrations (run `npm run gen:types` after a migration)', async () => {
    const generated = await genTypes(emulator.workdir);
    expect(generated).toContain('export type Database = {');
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
  });
});
