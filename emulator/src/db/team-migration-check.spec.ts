// `portal-emulator migration check`, run as a team's CI runs it before delivery: the team's
// migrations applied on a scratch copy of the portal's project, and what must change in words.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NOTES_TABLE } from '../../test/db/team-migrations.suite.js';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'emulator/bin/portal-emulator.js');

let work: string;
let project: string;

beforeAll(() => {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(path.join(ROOT, '.tmp', 'team-check-'));
  project = path.join(work, 'project');
  cpSync(path.join(ROOT, 'supabase'), path.join(project, 'supabase'), { recursive: true });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(files: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(path.join(work, 'team-'));
  for (const [file, sql] of Object.entries(files)) writeFileSync(path.join(dir, file), sql);
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'migration', 'check', '--workdir', project, '--team', 'notes', '--team-migrations', dir], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

it("passes migrations whose tables have row level security, policies and the project's second-factor policy", async () => {
  const result = await check({ '20300101000000_notes.sql': NOTES_TABLE });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Applied 20300101000000_notes.sql on a scratch copy of the project.');
  expect(result.stdout).toContain("Ready to deliver: 1 migration(s); the team's tables public.notes have row level security on with policies");
}, 120_000);

it('says, table by table, what must change: RLS off, no policy, no second-factor policy, a view or function that reads as its owner', async () => {
  const result = await check({
    '20300101000000_open.sql': 'create table public.open_notes (id int primary key);',
    '20300101000001_locked.sql': 'create table public.locked_notes (id int primary key); alter table public.locked_notes enable row level security;',
    '20300101000002_reads.sql': `${NOTES_TABLE}
      create table public.bare_notes (id int primary key);
      alter table public.bare_notes enable row level security;
      create policy "bare: anyone signed in" on public.bare_notes for select to authenticated using (true);
      create view public.all_notes as select * from public.notes;
      create view public.my_notes with (security_invoker = true) as select * from public.notes;
      create function public.count_notes() returns bigint language sql security definer as 'select count(*) from public.notes';
      create materialized view public.note_counts as select owner, count(*) from public.notes group by owner;`,
  });
  expect(result.code).toBe(1);
  const problems = result.stderr;
  expect(problems).toContain("The team's migrations cannot be delivered yet:");
  expect(problems).toContain('public.open_notes has row level security off, so the API would show every row to everyone');
  expect(problems).toContain('public.locked_notes has row level security on but no policy that allows anything');
  expect(problems).toContain("public.bare_notes lacks the project's second-factor policy, which every table has: create policy \"second factor: aal2 once a factor is verified\" on public.bare_notes as restrictive");
  expect(problems).not.toContain('public.notes lacks');
  expect(problems).toContain('The view public.all_notes reads as its owner');
  expect(problems).not.toContain('public.my_notes');
  expect(problems).toContain('The function public.count_notes() is security definer');
  expect(problems).toContain('public.note_counts is a materialized view');
}, 120_000);

it("stops at a migration that touches the platform's tables, naming it and Postgres' reason", async () => {
  const result = await check({
    '20300101000000_notes.sql': NOTES_TABLE,
    '20300101000001_profiles.sql': 'alter table public.profiles add column nickname text;',
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('20300101000001_profiles.sql does not apply: must be owner of table profiles. A team changes only the tables its own migrations created');
}, 120_000);
