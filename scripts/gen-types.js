// `npm run gen:types`: the portal's `Database` type, regenerated from supabase/migrations into
// shared/platform/src/database.types.ts (what `@portal/platform/database` exports). Run it after
// adding a migration; tests/database-types.spec.ts fails while the committed file is stale.
//
// The migrations are applied to a throwaway database (`portal-emulator db reset` in a temporary
// workdir, without the seed: rows do not change types), then `gen types typescript` prints the
// type exactly as the Supabase CLI's would be printed.
import './ensure-node.js';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const bin = path.join(repo, 'emulator', 'bin', 'portal-emulator.js');
const DATABASE_TYPES_FILE = path.join(repo, 'shared', 'platform', 'src', 'database.types.ts');
/** The schemas the portal's client reads: its own, and the deploy API (the status page's audit trail). */
const TYPED_SCHEMAS = 'public,portal_deploy_api';

const tmp = path.join(repo, '.tmp');
mkdirSync(tmp, { recursive: true });
const workdir = mkdtempSync(path.join(tmp, 'gen-types-'));
try {
  cpSync(path.join(repo, 'supabase', 'migrations'), path.join(workdir, 'supabase', 'migrations'), { recursive: true });
  const portalEmulator = (args) =>
    execFileSync(process.execPath, [bin, ...args, '--workdir', workdir], {
      encoding: 'utf8',
      env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  portalEmulator(['db', 'reset']);
  writeFileSync(DATABASE_TYPES_FILE, portalEmulator(['gen', 'types', 'typescript', '--schema', TYPED_SCHEMAS]));
  console.log(`Wrote ${path.relative(repo, DATABASE_TYPES_FILE)}`);
} finally {
  rmSync(workdir, { recursive: true, force: true });
}
