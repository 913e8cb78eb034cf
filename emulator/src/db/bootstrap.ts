// Database setup at start: Supabase's roles, schemas and extensions (idempotent), then what is
// applied once and recorded in a private table, so that a migration's REVOKE is never undone by
// a restart: Supabase's grants and default privileges (once per database, as Supabase applies
// them when it creates the database), and each service's own schema (once per version of its
// file). A database that went through all of it with the same files (a copy of the initialised
// image, or the same data directory again) records that too, and later starts skip the lot.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from './database.js';

/** Runs at every bootstrap: creates what is missing, grants nothing. */
const EVERY_START = 'db/roles.sql';
/** Runs once per database, whatever later versions of the file say. */
const ONCE = 'db/default-privileges.sql';
/** Each service's schema, in the order they must run; rerun only when the file changes. */
const SERVICE_SCHEMAS = [
  'auth/schema.sql',
  'auth/sso/schema.sql',
  'storage/schema.sql',
  'storage/vectors/schema.sql',
  'realtime/schema.sql',
  'rest/schema.sql',
];

/** Everything a freshly bootstrapped database is made of: this file's steps and their SQL. */
export const BOOTSTRAP_FILES: readonly string[] = [
  'db/bootstrap.ts',
  EVERY_START,
  ONCE,
  ...SERVICE_SCHEMAS,
];

/** Not exposed through any API: only the emulator's own connection reads it. */
export const BOOTSTRAP_SCHEMA = 'portal_emulator';

export function readSchemaFile(relative: string): string {
  return readFileSync(new URL(`../${relative}`, import.meta.url), 'utf8');
}

/**
 * Roles and role memberships belong to the whole server, not to one database: emulators that
 * bootstrap databases of one PostgreSQL server at once (test files in parallel) update the same
 * rows of pg_authid and pg_auth_members, and the later one fails with "tuple concurrently updated"
 * (or a duplicate role). A step that touches them first waits for the same step elsewhere by
 * locking pg_authid until its transaction ends: a lock on a shared catalog holds across databases,
 * where an advisory lock would not, and this mode leaves other sessions' role commands alone. A
 * connecting user that may not take it bootstraps without it.
 */
const TURN_ON_SERVER_ROLES = `do $$ begin
  lock table pg_catalog.pg_authid in share update exclusive mode;
exception when insufficient_privilege then null;
end $$;
`;

/** What the every-start step sends: one message, so one (implicit) transaction holds the turn throughout. */
export function everyStartSql(): string {
  return TURN_ON_SERVER_ROLES + readSchemaFile(EVERY_START);
}

async function applyOnce(db: Database, step: string, file: string, sql: string, { serverRoles = false } = {}): Promise<void> {
  await db
    .transaction(async (tx) => {
      if (serverRoles) await tx.exec(TURN_ON_SERVER_ROLES);
      const done = await tx.query(`select 1 from ${BOOTSTRAP_SCHEMA}.bootstrap where step = $1`, [
        step,
      ]);
      if (done.rows.length > 0) return;
      await tx.exec(sql);
      await tx.query(`insert into ${BOOTSTRAP_SCHEMA}.bootstrap (step) values ($1)`, [step]);
    })
    .catch((error: unknown) => {
      throw new Error(`bootstrap ${file}: ${(error as Error).message}`, { cause: error });
    });
}

/** What a complete bootstrap is recorded under: every bootstrap file's content. */
export function bootstrapStep(read: (file: string) => string = readSchemaFile): string {
  const hash = createHash('sha256');
  for (const file of BOOTSTRAP_FILES) hash.update(`${file}\n`).update(read(file)).update('\n');
  return `complete@${hash.digest('hex').slice(0, 16)}`;
}

async function alreadyBootstrapped(db: Database, step: string): Promise<boolean> {
  const table = await db.query<{ ready: boolean }>(
    `select to_regclass('${BOOTSTRAP_SCHEMA}.bootstrap') is not null as ready`,
  );
  if (!table.rows[0]?.ready) return false;
  const done = await db.query(`select 1 from ${BOOTSTRAP_SCHEMA}.bootstrap where step = $1`, [step]);
  return done.rows.length > 0;
}

/**
 * The settings roles.sql gives the database (search path, query identifiers), set on this session
 * at every start: PGlite's one session (single-user Postgres) does not take the database's
 * settings as a new connection does.
 */
const SESSION_SEARCH_PATH = `set search_path to "$user", public, extensions;
do $$ begin set compute_query_id to on; exception when insufficient_privilege then null; end $$;`;

export async function bootstrapDatabase(db: Database): Promise<void> {
  const complete = bootstrapStep();
  if (await alreadyBootstrapped(db, complete)) {
    await db.exec(SESSION_SEARCH_PATH);
    return;
  }
  try {
    await db.exec(everyStartSql());
    await db.exec(`
      create schema if not exists ${BOOTSTRAP_SCHEMA};
      revoke all on schema ${BOOTSTRAP_SCHEMA} from public;
      create table if not exists ${BOOTSTRAP_SCHEMA}.bootstrap (
        step text primary key, applied_at timestamptz not null default now());
    `);
  } catch (error) {
    throw new Error(`bootstrap ${EVERY_START}: ${(error as Error).message}`, { cause: error });
  }
  // Grants role memberships (to authenticator), which are the server's too.
  await applyOnce(db, ONCE, ONCE, readSchemaFile(ONCE), { serverRoles: true });
  for (const file of SERVICE_SCHEMAS) {
    const sql = readSchemaFile(file);
    const version = createHash('sha256').update(sql).digest('hex').slice(0, 16);
    await applyOnce(db, `${file}@${version}`, file, sql);
  }
  await db.query(`insert into ${BOOTSTRAP_SCHEMA}.bootstrap (step) values ($1) on conflict do nothing`, [complete]);
}
