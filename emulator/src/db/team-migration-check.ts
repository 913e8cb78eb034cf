// The check a team's migrations pass before they are delivered to the shared backend
// (docs/team-tables.md#the-check-before-delivery). Run on a scratch database that holds the
// project's migrations: the team's are applied there as the team's role, and the catalog says
// what they did, more reliably than reading the SQL (a DO block, a function, a rename…):
//   - every table the team created has row level security on and at least one permissive policy
//     (otherwise the API shows nobody anything, or, with RLS off, everybody everything);
//   - when the project requires a second factor (its `private.second_factor_satisfied()`), every
//     such table has the restrictive policy that applies it, as the project's own tables do;
//   - a view reads as the caller (`security_invoker`), a function runs as its caller (not
//     `security definer`), and there is no materialized view: each would otherwise read the team's
//     tables as their owner, for whom row level security does not apply;
//   - nothing of the platform's changed (its tables, columns, policies, grants): Postgres already
//     refuses most of it to the team's role ("must be owner"), and the catalog is compared too.
import type { Database, Queryable } from './database.js';
import { runAsTeam, teamMigrationFailure, teamMigrationFiles, teamRole, ensureTeamRole, type TeamMigrations } from './team-migrations.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface TeamMigrationCheck {
  /** The files that applied on the scratch database. */
  applied: string[];
  /** What must change before delivery, in words; empty when the migrations may be delivered. */
  problems: string[];
  /** The tables the team's migrations created, `schema.name`. */
  tables: string[];
}

/** The restrictive policy every table needs where the project requires a second factor. */
export const SECOND_FACTOR_POLICY_EXAMPLE = (table: string) =>
  `create policy "second factor: aal2 once a factor is verified" on ${table} as restrictive for all to authenticated using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));`;

/** One line per relation of the platform (what is not the team's), to compare before and after. */
const PLATFORM_CATALOG_SQL = `
  select n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity || ' force=' || c.relforcerowsecurity
         || ' owner=' || pg_get_userbyid(c.relowner) || ' acl=' || coalesce(c.relacl::text, '')
         || ' columns=' || coalesce((select string_agg(a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull
                                                    || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' order by a.attnum)
                                      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '')
         || ' policies=' || coalesce((select string_agg(p.polname || ':' || p.polcmd::text || ':' || p.polpermissive || ':' || p.polroles::text
                                                    || ':' || coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ':' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''), ',' order by p.polname)
                                       from pg_policy p where p.polrelid = c.oid), '')
         || ' triggers=' || coalesce((select string_agg(t.tgname, ',' order by t.tgname) from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal), '') as line,
         n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
     and pg_get_userbyid(c.relowner) <> $1
   order by 2`;

async function platformCatalog(db: Queryable, role: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; line: string }>(PLATFORM_CATALOG_SQL, [role]);
  return new Map(rows.map((row) => [row.name, row.line]));
}

interface TeamRelation {
  name: string;
  kind: string;
  rls: boolean;
  options: string[] | null;
  permissive: number;
  second_factor: boolean;
}

const TEAM_RELATIONS_SQL = `
  select n.nspname || '.' || c.relname as name, c.relkind::text as kind, c.relrowsecurity as rls, c.reloptions as options,
         (select count(*)::int from pg_policy p where p.polrelid = c.oid and p.polpermissive) as permissive,
         exists (select 1 from pg_policy p
                  where p.polrelid = c.oid and not p.polpermissive and p.polcmd = '*'
                    and coalesce(pg_get_expr(p.polqual, p.polrelid), '') like '%second_factor_satisfied()%'
                    and coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') like '%second_factor_satisfied()%') as second_factor
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm') and pg_get_userbyid(c.relowner) = $1
   order by 1`;

/**
 * Applies the team's migrations to `db` (a scratch database holding the project's migrations) and
 * says what must change before they are delivered. The database keeps what applied.
 */
export async function checkTeamMigrations(db: Database, migrations: TeamMigrations): Promise<TeamMigrationCheck> {
  const role = teamRole(migrations.team);
  await ensureTeamRole(db, migrations.team);
  const before = await platformCatalog(db, role);
  const result: TeamMigrationCheck = { applied: [], problems: [], tables: [] };
  for (const { file } of teamMigrationFiles(migrations.dir)) {
    const sql = readFileSync(path.join(migrations.dir, file), 'utf8');
    try {
      await db.transaction((tx) => runAsTeam(tx, role, sql));
      result.applied.push(file);
    } catch (error) {
      result.problems.push(`${file} does not apply: ${teamMigrationFailure(error as Error)}`);
      // The later files build on this one: what they would say is not worth reading.
      return result;
    }
  }

  const after = await platformCatalog(db, role);
  for (const [name, line] of before) {
    if (!after.has(name)) result.problems.push(`The migrations remove the platform's ${name}: a team changes only its own tables.`);
    else if (after.get(name) !== line) result.problems.push(`The migrations change the platform's ${name} (its columns, policies, grants or triggers): a team changes only its own tables.`);
  }

  const { rows: helper } = await db.query<{ found: boolean }>(`select to_regprocedure('private.second_factor_satisfied()') is not null as found`);
  const secondFactor = helper[0]?.found ?? false;
  const { rows: relations } = await db.query<TeamRelation>(TEAM_RELATIONS_SQL, [role]);
  for (const relation of relations) {
    if (relation.kind === 'm') {
      result.problems.push(`${relation.name} is a materialized view: it has no row level security, so anyone granted it reads every row. Use a view with security_invoker, or a table.`);
      continue;
    }
    if (relation.kind === 'v') {
      if (!(relation.options ?? []).includes('security_invoker=true')) {
        result.problems.push(`The view ${relation.name} reads as its owner, for whom row level security does not apply: create it "with (security_invoker = true)".`);
      }
      continue;
    }
    result.tables.push(relation.name);
    if (!relation.rls) {
      result.problems.push(`${relation.name} has row level security off, so the API would show every row to everyone: alter table ${relation.name} enable row level security; and add its policies.`);
    } else if (relation.permissive === 0) {
      result.problems.push(`${relation.name} has row level security on but no policy that allows anything, so nobody could read or write it: add a policy (create policy … on ${relation.name} for select to authenticated using (…)).`);
    }
    if (secondFactor && !relation.second_factor) {
      result.problems.push(`${relation.name} lacks the project's second-factor policy, which every table has: ${SECOND_FACTOR_POLICY_EXAMPLE(relation.name)}`);
    }
  }

  const { rows: definers } = await db.query<{ name: string }>(
    `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and pg_get_userbyid(p.proowner) = $1 order by 1`,
    [role],
  );
  for (const { name } of definers) {
    result.problems.push(`The function ${name} is security definer: it runs as the team's role, which owns the team's tables and so is not held by their row level security. Make it security invoker.`);
  }
  return result;
}
