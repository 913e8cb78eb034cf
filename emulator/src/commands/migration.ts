// `migration new <name>` and `migration list`, as the Supabase CLI names, writes and prints them.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database.js';

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

export interface MigrationVersion {
  version: string;
  name: string;
}

/** `20250101093000`: the CLI's version, the UTC time of creation to the second. */
export function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** Creates `supabase/migrations/<timestamp>_<name>.sql` (with `sql` in it, empty by default). */
export function newMigration(supabaseDir: string, name: string, now: Date, sql = ''): string {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) {
    throw new Error(`a migration name may hold letters, digits, "_" and "-" only, not ${JSON.stringify(name)}.`);
  }
  const dir = path.join(supabaseDir, 'migrations');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${migrationTimestamp(now)}_${name}.sql`);
  writeFileSync(file, sql, { flag: 'wx' });
  return file;
}

export function localMigrations(supabaseDir: string): MigrationVersion[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => MIGRATION_FILE.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ version: match[1]!, name: match[2]! }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** What the database recorded (empty when it has never been migrated). */
export async function appliedMigrations(db: Queryable): Promise<MigrationVersion[]> {
  const exists = await db.query<{ found: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as found`,
  );
  if (!exists.rows[0]?.found) return [];
  const { rows } = await db.query<MigrationVersion>(
    'select version, coalesce(name, $1) as name from supabase_migrations.schema_migrations order by version',
    [''],
  );
  return rows;
}

/** `2025-01-01 09:30:00` for a timestamp version; empty for other version strings. */
function versionTime(version: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : '';
}

/** The CLI's table: one row per version, local and applied side by side. */
export function formatMigrationTable(local: MigrationVersion[], applied: MigrationVersion[]): string {
  const localSet = new Set(local.map((m) => m.version));
  const appliedSet = new Set(applied.map((m) => m.version));
  const versions = [...new Set([...localSet, ...appliedSet])].sort();
  const rows = versions.map((v) => [localSet.has(v) ? v : '', appliedSet.has(v) ? v : '', versionTime(v)]);
  const header = ['Local', 'Applied', 'Time (UTC)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => ` ${c.padEnd(widths[i]!)} `).join('|')}`;
  return [
    line(header),
    `  ${widths.map((w) => '-'.repeat(w + 2)).join('|')}`,
    ...rows.map(line),
    '',
  ].join('\n');
}
