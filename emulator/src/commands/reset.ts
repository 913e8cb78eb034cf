// `db reset` on a running emulator: the database is recreated in place — every schema dropped,
// Supabase's schemas bootstrapped again, then supabase/migrations and seed.sql — so the
// services keep their connection and nothing has to restart. Object bytes go with their rows.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { bootstrapDatabase } from '../db/bootstrap.js';
import type { Database } from '../db/database.js';
import { applyMigrations, type MigrationReport } from '../db/migrations.js';
import { applyTeamMigrations } from '../db/team-migrations.js';

/** Folders of the data directory that only hold what the database points at. */
const STORAGE_FOLDERS = ['storage', 'storage-renditions', 'storage-resumable', 'storage-tmp'];

export interface ResetReport extends MigrationReport {
  /** The team's migrations applied after the project's (`--team-migrations`). */
  teamApplied: string[];
  /** What the services added after seed.sql (objects from config.toml's `[storage.buckets]`), as lines for the log. */
  seededByServices: string[];
}

/** Drops every schema but Postgres' own (the CLI drops the whole database). */
async function dropAllSchemas(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
  );
  await db.exec(
    rows.map((r) => `drop schema if exists "${r.name.replace(/"/g, '""')}" cascade;`).join('\n') +
      '\ncreate schema public; grant all on schema public to public;',
  );
}

export async function resetInPlace(
  db: Database,
  config: Config,
  seedServices: () => Promise<string[]>,
): Promise<ResetReport> {
  await dropAllSchemas(db);
  for (const folder of STORAGE_FOLDERS) {
    rmSync(path.join(config.dataDir, folder), { recursive: true, force: true });
  }
  await bootstrapDatabase(db);
  const report = await applyMigrations(db, config.supabaseDir);
  const team = config.teamMigrations ? await applyTeamMigrations(db, config.teamMigrations) : null;
  // The REST schema cache listens for this (PostgREST's reload channel).
  await db.exec(`notify pgrst, 'reload schema'`);
  const seededByServices = report.seeded ? await seedServices() : [];
  return { ...report, teamApplied: team?.applied ?? [], seededByServices };
}
