// `db dump`: the database as SQL that restores it, written by pg_dump. On PGlite that is the
// WebAssembly pg_dump of @electric-sql/pglite-tools, run against a copy of the data directory:
// pg_dump changes session settings (row_security, search_path) and drops prepared statements
// on the connection it uses, and PGlite has only one, which the running services share. On a
// real server it is Debian's pg_dump, which must be at least as new as the server.
import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { Database } from '../db/database.js';
import { PGLITE_EXTENSIONS } from '../db/pglite.js';
import { embeddedPGlite, type EmbeddedPGlite } from '../db/pglite-worker.js';

export interface DumpOptions {
  /** Schemas to dump; by default every schema the project made (see `projectSchemas`). */
  schemas?: string[];
  dataOnly?: boolean;
  schemaOnly?: boolean;
}

/**
 * Schemas Supabase (and this emulator) own: like the CLI, a dump leaves them out unless they
 * are named, since a fresh project recreates them.
 */
export const MANAGED_SCHEMAS = [
  'auth',
  'storage',
  'realtime',
  'extensions',
  'supabase_migrations',
  'portal_emulator',
  'graphql',
  'graphql_public',
  'vault',
  'pgsodium',
];

export async function projectSchemas(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema' and nspname <> all($1)
      order by nspname`,
    [MANAGED_SCHEMAS],
  );
  return rows.map((r) => r.name);
}

export function pgDumpArgs(schemas: string[], options: DumpOptions): string[] {
  if (options.dataOnly && options.schemaOnly) throw new Error('--data-only and --schema-only exclude each other.');
  return [
    ...schemas.map((s) => `--schema=${s}`),
    ...(options.dataOnly ? ['--data-only'] : []),
    ...(options.schemaOnly ? ['--schema-only'] : []),
    // Row by row INSERTs, as the CLI's data dumps, so the file runs through any SQL client.
    '--inserts',
    '--no-owner',
  ];
}

/** A PGlite holding a copy of the emulator's database, taken while nothing else runs. */
export async function copyOfPGlite(db: EmbeddedPGlite): Promise<PGlite> {
  const image = await db.exclusive((pg) => pg.dumpDataDir('none'));
  return PGlite.create({ loadDataDir: image, extensions: PGLITE_EXTENSIONS });
}

async function runPgDump(databaseUrl: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', [...args, '--dbname', databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('pg_dump is not installed: dumping a PostgreSQL server needs it (Debian: apt-get install postgresql-client).')
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`pg_dump failed (exit ${code}): ${err.trim()}`));
    });
  });
}

/**
 * As the CLI edits pg_dump's output: schemas are created only when missing, so the file also
 * restores into a database that has `public` (every new one does).
 */
export function restorableDump(sql: string): string {
  return sql.replace(/^CREATE SCHEMA (?!IF NOT EXISTS)/gm, 'CREATE SCHEMA IF NOT EXISTS ');
}

export async function dumpDatabase(db: Database, databaseUrl: string | null, options: DumpOptions): Promise<string> {
  const schemas = options.schemas && options.schemas.length > 0 ? options.schemas : await projectSchemas(db);
  const args = pgDumpArgs(schemas, options);
  if (databaseUrl) return restorableDump(await runPgDump(databaseUrl, args));
  const embedded = embeddedPGlite(db);
  if (!embedded) throw new Error('db dump needs PGlite or a DATABASE_URL.');
  const copy = await copyOfPGlite(embedded);
  try {
    const file = await pgDump({ pg: copy, args });
    return restorableDump(await file.text());
  } finally {
    await copy.close();
  }
}
