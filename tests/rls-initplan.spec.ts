// The project's row level security policies call auth.uid(), auth.jwt(), auth.role() and
// current_setting() the way Supabase's database advisor asks (lint 0003, auth_rls_initplan): as
// `(select auth.uid())`, a scalar subquery Postgres runs once per statement (an InitPlan), not a
// call per row. Each call parses the request's JWT claims JSON, so a bare one in a policy costs a
// parse for every row a query scans; the second-factor helper (private.second_factor_satisfied(),
// which also reads auth.mfa_factors) is held to the same rule. Every table with policies also
// carries the restrictive second-factor policy (supabase/migrations/…_second_factor_required.sql).
// Read from pg_policies of an emulator started with the project's own supabase/ folder, plus a
// probe schema whose policies show what the checks flag.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tableMigrationSql } from '../deploy/src/new-remote-templates.js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '..');

/** The table `portal-deploy new-remote` tells a team to write, applied as a team would. */
const SCAFFOLDED_TABLE = 'scaffolded_reports';

/** The project's schemas whose policies are checked. */
const PROJECT_SCHEMAS = ['public', 'storage', 'realtime'];

const PROBE_MIGRATION = `
create schema initplan_probe;
grant usage on schema initplan_probe to service_role;

create function initplan_probe.policies()
returns table (schema_name text, table_name text, policy text, permissive text, roles text[], command text, qual text, with_check text)
language sql stable set search_path = '' as $$
  select schemaname::text, tablename::text, policyname::text, permissive::text, roles::text[], cmd::text, qual, with_check
  from pg_catalog.pg_policies
  where schemaname in ('public', 'storage', 'realtime', 'initplan_probe')
  order by 1, 2, 3
$$;
revoke execute on function initplan_probe.policies() from public, anon, authenticated;
grant execute on function initplan_probe.policies() to service_role;

create table initplan_probe.items (owner_id uuid not null, team text not null);
alter table initplan_probe.items enable row level security;
create policy "bare uid" on initplan_probe.items for select to authenticated
  using (owner_id = auth.uid());
create policy "wrapped uid" on initplan_probe.items for select to authenticated
  using (owner_id = (select auth.uid()));
create policy "wrapped uid as text" on initplan_probe.items for select to authenticated
  using (owner_id::text = (select auth.uid()::text));
create policy "bare jwt in with check" on initplan_probe.items for insert to authenticated
  with check ((auth.jwt() -> 'app_metadata' ->> 'team') = team);
create policy "wrapped jwt" on initplan_probe.items for update to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'team') = team)
  with check ((select auth.jwt() -> 'app_metadata' ->> 'team') = team);
create policy "bare uid inside exists" on initplan_probe.items for delete to authenticated
  using (exists (select 1 from initplan_probe.items i where i.owner_id = auth.uid()));
create policy "bare role" on initplan_probe.items as restrictive for select to authenticated
  using (auth.role() = 'authenticated');
create policy "bare current_setting" on initplan_probe.items as restrictive for select to authenticated
  using (current_setting('request.jwt.claims', true) is not null);
create policy "bare second factor" on initplan_probe.items as restrictive for all to authenticated
  using (private.second_factor_satisfied());
`;

interface PolicyRow {
  schema_name: string;
  table_name: string;
  policy: string;
  permissive: 'PERMISSIVE' | 'RESTRICTIVE';
  roles: string[];
  command: string;
  qual: string | null;
  with_check: string | null;
}

const CALL = /\b(auth\.(?:uid|jwt|role)|current_setting|private\.second_factor_satisfied)\s*\(/gi;

/**
 * The calls in a deparsed policy expression that are not the whole select list of a scalar
 * subquery: `( SELECT auth.uid() AS uid)` and `( SELECT (auth.uid())::text AS uid)` pass, a call
 * anywhere else (a comparison, a function argument, a correlated EXISTS) is made per row.
 */
function callsPerRow(expression: string | null): string[] {
  if (!expression) return [];
  const found: string[] = [];
  for (const match of expression.matchAll(CALL)) {
    const before = expression.slice(0, match.index).replace(/[\s(]+$/, '');
    if (!/\bselect$/i.test(before)) found.push(match[1]!.toLowerCase());
  }
  return found;
}

function perRowCalls(rows: PolicyRow[]): string[] {
  return rows.flatMap((row) =>
    [...callsPerRow(row.qual), ...callsPerRow(row.with_check)].map(
      (call) => `${row.schema_name}.${row.table_name} "${row.policy}": ${call}()`,
    ),
  );
}

describe('policies call auth.uid(), auth.jwt(), auth.role() once per statement (advisor lint auth_rls_initplan)', () => {
  let emulator: TestEmulator;
  let policies: PolicyRow[];

  beforeAll(async () => {
    const config = readFileSync(path.join(REPO, 'supabase/config.toml'), 'utf8');
    const exposed = config.replace(/^schemas = \[(.*)\]$/m, (_, listed: string) => `schemas = [${listed}, "initplan_probe"]`);
    if (exposed === config) throw new Error('supabase/config.toml no longer lists [api] schemas as expected');
    emulator = await startTestEmulator({
      copySupabaseDir: path.join(REPO, 'supabase'),
      configToml: exposed,
      files: {
        'migrations/20991231000000_initplan_probe.sql': PROBE_MIGRATION,
        'migrations/20991231000001_scaffolded_table.sql': tableMigrationSql(SCAFFOLDED_TABLE),
      },
    });
    const { data, error } = await emulator.admin().schema('initplan_probe').rpc('policies');
    expect(error).toBeNull();
    policies = data as PolicyRow[];
  }, 180_000);

  afterAll(() => emulator?.stop());

  it("the project's public, storage and realtime policies wrap every such call in (select …)", () => {
    const project = policies.filter((p) => PROJECT_SCHEMAS.includes(p.schema_name) && p.table_name !== SCAFFOLDED_TABLE);
    // Every table of the demo schema, both storage tables and the private channels' table have
    // policies; an empty read proves nothing.
    expect(new Set(project.map((p) => `${p.schema_name}.${p.table_name}`))).toEqual(
      new Set([
        'public.announcements',
        'public.file_shares',
        'public.membership_changes',
        'public.profile_changes',
        'public.messages',
        'public.profiles',
        'public.project_invitations',
        'public.project_members',
        'public.projects',
        'public.room_reads',
        'public.search_documents',
        'public.search_passages',
        'public.tasks',
        'realtime.messages',
        'storage.buckets',
        'storage.objects',
      ]),
    );
    expect(project.some((p) => /auth\.uid\(\)/.test(`${p.qual} ${p.with_check}`))).toBe(true);
    expect(perRowCalls(project)).toEqual([]);
  });

  it('every table with policies also requires the second factor of people who have one (a restrictive policy for all commands)', () => {
    // The project's tables, and one written as portal-deploy new-remote's README tells a team to.
    const project = policies.filter((p) => PROJECT_SCHEMAS.includes(p.schema_name));
    expect(project.filter((p) => p.table_name === SCAFFOLDED_TABLE).map((p) => p.policy).sort()).toEqual([
      `${SCAFFOLDED_TABLE}: own rows`,
      'second factor: aal2 once a factor is verified',
    ]);
    const wrapped = /^\(\s*SELECT private\.second_factor_satisfied\(\) AS second_factor_satisfied\)$/;
    const missing = [...new Set(project.map((p) => `${p.schema_name}.${p.table_name}`))].filter(
      (table) =>
        !project.some(
          (p) =>
            `${p.schema_name}.${p.table_name}` === table &&
            p.permissive === 'RESTRICTIVE' &&
            p.command === 'ALL' &&
            p.roles.join() === 'authenticated' &&
            wrapped.test(p.qual ?? '') &&
            wrapped.test(p.with_check ?? ''),
        ),
    );
    expect(missing).toEqual([]);
  });

  it('the check flags a bare call in USING or WITH CHECK, and passes one wrapped in a scalar subquery', () => {
    const probe = policies.filter((p) => p.schema_name === 'initplan_probe');
    expect(probe).toHaveLength(9);
    expect(perRowCalls(probe).sort()).toEqual(
      [
        'initplan_probe.items "bare current_setting": current_setting()',
        'initplan_probe.items "bare second factor": private.second_factor_satisfied()',
        'initplan_probe.items "bare jwt in with check": auth.jwt()',
        'initplan_probe.items "bare role": auth.role()',
        'initplan_probe.items "bare uid inside exists": auth.uid()',
        'initplan_probe.items "bare uid": auth.uid()',
      ].sort(),
    );
  });
});
