// Opens the emulator's database at start: PGlite in its worker thread (from the cached image of a
// fresh database when the data directory is new), or the PostgreSQL server of DATABASE_URL; then
// Supabase's schemas, supabase/migrations, seed.sql and a team's migrations.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { BOOTSTRAP_SCHEMA, bootstrapDatabase } from './bootstrap.js';
import type { Database } from './database.js';
import { imageCacheDir, imageKey, imagePath, isInitialised, restoreImage, saveImage } from './image.js';
import { applyMigrations, type MigrationReport } from './migrations.js';
import { applyTeamMigrations } from './team-migrations.js';
import { PGliteDatabase, type PGliteSettings } from './pglite.js';
import { PGliteWorkerDatabase } from './pglite-worker.js';
import { PostgresDatabase } from './postgres.js';

/** Schemas the emulator owns; `--reset` on a real server drops them. */
const OWNED_SCHEMAS = ['auth', 'storage', 'realtime', 'supabase_migrations', 'public', 'extensions', BOOTSTRAP_SCHEMA];

/**
 * The emulator's PGlite runs in a worker thread (pglite-worker.ts), so Postgres works while this
 * thread serves HTTP. Without the database nothing can answer: a worker that dies stops the
 * emulator, loudly, rather than leave it answering every request with an error.
 */
function openEmulatorPGlite(dir: string, settings: PGliteSettings): Promise<Database> {
  return PGliteWorkerDatabase.open(dir, {
    settings,
    onCrash(error) {
      console.error(`portal-emulator: the database stopped: ${error.stack ?? error.message}`);
      process.exit(70);
    },
  });
}

/**
 * A PGlite database in `dir` for a short-lived user in this thread (a check on a scratch copy): a
 * copy of the initialised image when there is one, bootstrapped either way.
 */
export async function openScratchPGlite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  if (!isInitialised(dir)) restoreImage(imagePath(imageCacheDir(), imageKey()), dir);
  const db = await PGliteDatabase.open(dir);
  try {
    await bootstrapDatabase(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/**
 * A new data directory starts as a copy of the initialised image; without an image, this start
 * runs initdb and the bootstrap (in this thread: it is done before anything else runs), then
 * stores the result (closed cleanly) as the image.
 */
async function openPGlite(dir: string, settings: PGliteSettings): Promise<Database> {
  if (isInitialised(dir)) return openEmulatorPGlite(dir, settings);
  const image = imagePath(imageCacheDir(), imageKey());
  if (restoreImage(image, dir)) return openEmulatorPGlite(dir, settings);
  const db = await PGliteDatabase.open(dir, settings);
  try {
    await bootstrapDatabase(db);
  } finally {
    await db.close();
  }
  saveImage(dir, image);
  return openEmulatorPGlite(dir, settings);
}

export async function openDatabase(config: Config): Promise<{ db: Database; migrations: MigrationReport; teamMigrations: string[] }> {
  let db: Database;
  if (config.databaseUrl) {
    db = await PostgresDatabase.open(config.databaseUrl);
    if (config.reset) {
      await db.exec(
        OWNED_SCHEMAS.map((s) => `drop schema if exists ${s} cascade;`).join('\n') +
          '\ncreate schema public; grant all on schema public to public;',
      );
    }
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    if (config.reset) rmSync(config.dataDir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    db = await openPGlite(dir, { sharedBuffers: config.sharedBuffers });
  }
  try {
    await bootstrapDatabase(db);
    const migrations = await applyMigrations(db, config.supabaseDir);
    const team = config.teamMigrations ? await applyTeamMigrations(db, config.teamMigrations) : null;
    return { db, migrations, teamMigrations: team?.applied ?? [] };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
