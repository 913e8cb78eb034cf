// Applies supabase/migrations/*.sql in file order, recording each in
// supabase_migrations.schema_migrations as the Supabase CLI does, then supabase/seed.sql once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database.js';

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

export async function applyMigrations(db: Database, supabaseDir: string): Promise<MigrationReport> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text);
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
  `);
  const report: MigrationReport = { applied: [], seeded: false };
  const dir = path.join(supabaseDir, 'migrations');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => MIGRATION_FILE.test(f))
        .sort()
    : [];
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  for (const file of files) {
    const [, version, name] = MIGRATION_FILE.exec(file)!;
    if (done.has(version!)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    report.applied.push(file);
  }
  const seedPath = path.join(supabaseDir, 'seed.sql');
  if (existsSync(seedPath)) {
    const seed = readFileSync(seedPath, 'utf8');
    const seeded = await db.query('select 1 from supabase_migrations.seed_files where path = $1', ['seed.sql']);
    if (seeded.rows.length === 0) {
      const hash = createHash('sha256').update(seed).digest('hex');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(seed);
          await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
            'seed.sql',
            hash,
          ]);
        });
      } catch (error) {
        throw new Error(`seed.sql failed: ${(error as Error).message}`, { cause: error });
      }
      report.seeded = true;
    }
  }
  return report;
}
