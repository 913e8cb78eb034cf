// A team's own migrations on the portal's backend project (docs/team-tables.md): applied after the
// project's as the team's role at start, new files applied to the running emulator by
// `portal-emulator migration up` without a reset, the platform's tables out of the team's reach
// (Postgres refuses, however the SQL tries), and the team's own Database type.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, startTestEmulator, type EmulatorOptions, type TestEmulator } from '../harness.js';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'emulator/bin/portal-emulator.js');

/** The team's first migration: its table, row level security on, its policies (the project's second-factor one too), its grants. */
export const NOTES_TABLE = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  body text not null
);
alter table public.notes enable row level security;
create policy "notes: the owner reads" on public.notes for select to authenticated using ((select auth.uid()) = owner);
create policy "notes: the owner writes" on public.notes for insert to authenticated with check ((select auth.uid()) = owner);
create policy "second factor: aal2 once a factor is verified" on public.notes as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
grant select, insert on public.notes to authenticated;
`;

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

export function describeTeamMigrations(title: string, options: EmulatorOptions = {}): void {
  describe(title, () => {
    let emulator: TestEmulator;
    let teamDir: string;
    const target = () => ['--workdir', emulator.workdir, '--data-dir', path.join(emulator.workdir, '.supabase-local')];
    const team = () => ['--team', 'notes', '--team-migrations', teamDir];

    beforeAll(async () => {
      emulator = await startTestEmulator({
        ...options,
        copySupabaseDir: path.join(ROOT, 'supabase'),
        teamMigrations: { team: 'notes', files: { '20300101000000_notes.sql': NOTES_TABLE } },
      });
      teamDir = path.join(emulator.workdir, 'team-migrations');
    }, 180_000);
    afterAll(() => emulator?.stop(), 60_000);

    async function signedIn(email: string): Promise<SupabaseClient> {
      const client = createClient(emulator.apiUrl, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
      const { error } = await client.auth.signUp({ email, password: 'Team-tables-password-9' });
      if (error) throw error;
      return client;
    }

    it("applies the team's migration after the project's, as the team's role, and its table answers under row level security", async () => {
      expect(emulator.output.join('\n')).toMatch(/Applied team migration 20300101000000_notes\.sql \(notes\)/);
      const ada = await signedIn(`ada-${Date.now()}@example.com`);
      const bob = await signedIn(`bob-${Date.now()}@example.com`);
      const written = await ada.from('notes').insert({ body: "Ada's note" }).select('body').single();
      expect(written).toMatchObject({ error: null, data: { body: "Ada's note" } });
      expect((await ada.from('notes').select('body')).data).toEqual([{ body: "Ada's note" }]);
      // Bob sees none of Ada's rows, and may not write one in her name.
      expect((await bob.from('notes').select('body')).data).toEqual([]);
      const { data: adaUser } = await ada.auth.getUser();
      const forged = await bob.from('notes').insert({ body: 'forged', owner: adaUser.user!.id });
      expect(forged.error).toMatchObject({ code: '42501' });
      // Nobody signed out reads anything: the team granted authenticated only.
      const anon = await emulator.client().from('notes').select('body');
      expect(anon.error).toMatchObject({ code: '42501' });
    }, 60_000);

    it('applies a new migration file to the running emulator without a reset, and keeps the rows', async () => {
      writeFileSync(path.join(teamDir, '20300102000000_pinned.sql'), 'alter table public.notes add column pinned boolean not null default false;\n');
      const up = await cli(['migration', 'up', ...target()]);
      expect(up).toMatchObject({ code: 0 });
      expect(up.stdout).toContain('Applied team migration 20300102000000_pinned.sql (notes)');
      const ada = await signedIn(`ada2-${Date.now()}@example.com`);
      await ada.from('notes').insert({ body: 'kept' });
      const { data, error } = await ada.from('notes').select('body, pinned');
      expect(error).toBeNull();
      expect(data).toEqual([{ body: 'kept', pinned: false }]);
      // Applied once: a second run has nothing to do, and the history lists both.
      expect((await cli(['migration', 'up', ...target()])).stdout).toContain('Local database is up to date.');
      const list = await cli(['migration', 'list', ...target(), ...team()]);
      expect(list.stdout).toMatch(/20300101000000 \| 20300101000000/);
      expect(list.stdout).toMatch(/20300102000000 \| 20300102000000/);
    }, 60_000);

    it("refuses a migration that changes the platform's tables, however it is written, and applies nothing of it", async () => {
      const attempts = {
        '20300103000000_alter.sql': 'alter table public.profiles add column nickname text;',
        '20300103000001_escape.sql': 'create table public.scratch (id int); reset role; drop table public.profiles;',
        '20300103000002_via_config.sql': "create table public.scratch (id int); select set_config('role', 'postgres', true); drop table public.profiles;",
        '20300103000003_policy.sql': 'create policy "everyone" on public.profiles for select using (true);',
      };
      for (const [file, sql] of Object.entries(attempts)) {
        writeFileSync(path.join(teamDir, file), sql);
        const up = await cli(['migration', 'up', ...target()]);
        expect({ file, code: up.code }).toEqual({ file, code: 1 });
        expect(up.stderr).toContain(`The team migration ${file} failed, and nothing of it was applied`);
        expect(up.stderr).toMatch(/must be owner of table profiles|cannot set parameter "role" within security-definer function/);
        // Out of the way for the next attempt: it was never recorded.
        const { rmSync } = await import('node:fs');
        rmSync(path.join(teamDir, file));
      }
      const admin = emulator.admin();
      expect((await admin.from('profiles').select('id').limit(1)).error).toBeNull();
      // The first statement of an attempt was rolled back with it.
      expect((await admin.from('scratch').select('id')).error).toMatchObject({ code: 'PGRST205' });
    }, 120_000);

    it("is delivered to a database directly with --team-only, the platform owners' route, touching nothing of the project's history", async () => {
      if (!emulator.databaseUrl) return; // PGlite takes no connections: the route is for a shared PostgreSQL.
      writeFileSync(path.join(teamDir, '20300104000000_tags.sql'), 'alter table public.notes add column tags text[] not null default \'{}\';\n');
      const elsewhere = path.join(emulator.workdir, 'owner-machine');
      const delivered = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [BIN, 'migration', 'up', '--team-only', '--team', 'notes', '--team-migrations', teamDir, '--workdir', elsewhere],
          { env: { ...process.env, DATABASE_URL: emulator.databaseUrl! } },
          (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(delivered).toMatchObject({ code: 0, stdout: expect.stringContaining('Applied team migration 20300104000000_tags.sql (notes)') });
      const ada = await signedIn(`ada3-${Date.now()}@example.com`);
      await ada.from('notes').insert({ body: 'tagged', tags: ['a'] });
      expect((await ada.from('notes').select('body, tags')).data).toEqual([{ body: 'tagged', tags: ['a'] }]);
    }, 60_000);

    it("generates the team's own Database type, without the platform's tables", async () => {
      const types = await cli(['gen', 'types', 'typescript', ...target(), '--team', 'notes']);
      expect(types.code).toBe(0);
      expect(types.stdout).toContain('notes: {');
      expect(types.stdout).toMatch(/pinned: boolean/);
      expect(types.stdout).not.toContain('profiles: {');
      expect(types.stdout).not.toContain('projects: {');
    }, 60_000);

    it("applies the team's migrations again after a restart only where new, and after db reset all again", async () => {
      await emulator.restart();
      expect(emulator.output.filter((line) => line.includes('Applied team migration'))).toHaveLength(1);
      const reset = await cli(['db', 'reset', ...target(), ...team()]);
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain('Applying team migration 20300101000000_notes.sql...');
      expect(reset.stdout).toContain('Applying team migration 20300102000000_pinned.sql...');
    }, 120_000);
  });
}
