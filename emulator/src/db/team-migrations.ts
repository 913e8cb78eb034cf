// A team's own migrations, applied after the project's (docs/team-tables.md). A team that builds a
// remote in its own repository keeps its tables' migrations there; the emulator applies them on
// top of the portal's backend project, each in its own transaction, as the team's own role
// `team_<name>` (a member of `portal_teams`, which the project's migration grants CREATE on
// `public` and nothing on the platform's tables). So the team owns what it creates, and Postgres
// itself refuses a statement that alters, drops or writes the platform's tables ("must be owner").
// They are recorded in `supabase_migrations.team_migrations`, apart from the project's own history
// (`schema_migrations`, which the Supabase CLI compares with the project's folder).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './database.js';

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;
const TEAM_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** The role every team's role is a member of; the project's migration grants it what teams may do. */
export const TEAMS_ROLE = 'portal_teams';

export interface TeamMigrations {
  /** The team's name: its role is `team_<name>`. */
  team: string;
  /** The folder of its `<version>_<name>.sql` files. */
  dir: string;
}

export interface TeamMigrationReport {
  team: string;
  applied: string[];
}

/** `team_<name>`, after checking the name is one a role may safely carry. */
export function teamRole(team: string): string {
  if (!TEAM_NAME.test(team)) {
    throw new Error(`A team's name starts with a lower-case letter and holds only lower-case letters, digits and _ (at most 40), not ${JSON.stringify(team)}.`);
  }
  return `team_${team}`;
}

/** The team's migration files, in the order they apply. */
export function teamMigrationFiles(dir: string): Array<{ file: string; version: string; name: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ file, version: match[1]!, name: match[2]! }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

async function ensureHistory(db: Queryable): Promise<void> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.team_migrations (
      team text not null, version text not null, name text, statements text[],
      applied_at timestamptz not null default now(), primary key (team, version));
  `);
}

/**
 * Makes the team's role when it is missing (roles belong to the whole server: on PostgreSQL it may
 * exist from another database). The project must define `portal_teams`; without it a team's
 * migration would run with no limits worth the name, so nothing is applied.
 */
export async function ensureTeamRole(db: Queryable, team: string): Promise<string> {
  const role = teamRole(team);
  const { rows } = await db.query<{ teams: boolean; own: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as teams, exists (select 1 from pg_roles where rolname = $2) as own`,
    [TEAMS_ROLE, role],
  );
  if (!rows[0]?.teams) {
    throw new Error(
      `The project defines no role ${TEAMS_ROLE}, which a team's migrations run under (its migration grants what teams may create): a team's migrations are applied only on the portal's backend project.`,
    );
  }
  if (!rows[0].own) {
    // Two starts at once on one PostgreSQL server may both find it missing.
    await db.exec(`do $$ begin create role ${role} nologin in role ${TEAMS_ROLE}; exception when duplicate_object then null; end $$;`);
  }
  // The connecting user runs the team's statements as the team (SET ROLE needs membership; a
  // superuser has it, the owner of a hosted project gets it here).
  await db.exec(`do $$ begin execute format('grant %I to %I', '${role}', current_user); exception when others then null; end $$;`);
  return role;
}

/**
 * Runs `sql` as `role` inside the caller's transaction. Not with `set role`: the team's SQL could
 * say `reset role` and go on as the connecting user (a superuser here, the project's owner on a
 * hosted project). It runs inside a security definer function the team's role owns, and Postgres
 * refuses `set role`, `reset role` and `set session authorization` inside such a function, however
 * they are written (a DO block, set_config). The function lives in the session's temporary schema
 * for this transaction only.
 */
export async function runAsTeam(tx: Queryable, role: string, sql: string): Promise<void> {
  await tx.exec(
    `create function pg_temp.portal_team_migration(sql text) returns void language plpgsql security definer set search_path = public, extensions as $portal$ begin execute sql; end $portal$;
     alter function pg_temp.portal_team_migration(text) owner to ${role};`,
  );
  await tx.query('select pg_temp.portal_team_migration($1)', [sql]);
  await tx.exec('drop function pg_temp.portal_team_migration(text)');
}

/** Versions of the team's migrations the database has applied. */
export async function appliedTeamMigrations(db: Queryable, team: string): Promise<Array<{ version: string; name: string }>> {
  const { rows: found } = await db.query<{ found: boolean }>(`select to_regclass('supabase_migrations.team_migrations') is not null as found`);
  if (!found[0]?.found) return [];
  const { rows } = await db.query<{ version: string; name: string }>(
    'select version, coalesce(name, $2) as name from supabase_migrations.team_migrations where team = $1 order by version',
    [team, ''],
  );
  return rows;
}

/**
 * Applies the team's migrations the database has not applied yet, in version order, each in one
 * transaction as the team's role; stops at the first that fails (it is rolled back), saying which
 * and Postgres' reason. Tells PostgREST's schema cache to reload when anything was applied.
 */
export async function applyTeamMigrations(db: Database, { team, dir }: TeamMigrations): Promise<TeamMigrationReport> {
  const role = await ensureTeamRole(db, team);
  await ensureHistory(db);
  const done = new Set((await appliedTeamMigrations(db, team)).map((m) => m.version));
  const report: TeamMigrationReport = { team, applied: [] };
  for (const { file, version, name } of teamMigrationFiles(dir)) {
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await runAsTeam(tx, role, sql);
        await tx.query('insert into supabase_migrations.team_migrations (team, version, name, statements) values ($1, $2, $3, $4)', [team, version, name, [sql]]);
      });
    } catch (error) {
      throw new Error(`The team migration ${file} failed, and nothing of it was applied: ${teamMigrationFailure(error as Error)}`, { cause: error });
    }
    report.applied.push(file);
  }
  if (report.applied.length > 0) await db.exec(`notify pgrst, 'reload schema'`);
  return report;
}

/** Postgres' reason, with what it means for a team when it is about the platform's objects. */
export function teamMigrationFailure(error: Error & { code?: string }): string {
  if (error.code === '42501' && /must be owner of/.test(error.message)) {
    return `${error.message}. A team changes only the tables its own migrations created; the platform's tables are the platform's (ask its owners).`;
  }
  if (error.code === '42501') return `${error.message}. A team's migration runs as the team's role, which may create tables in public and change only its own.`;
  return error.message;
}
