import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMigrationTable, localMigrations, migrationTimestamp, newMigration } from './migration.js';

describe('migration files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a migration by its UTC creation time to the second', () => {
    expect(migrationTimestamp(new Date('2025-03-04T05:06:07.890Z'))).toBe('20250304050607');
    const file = newMigration(dir, 'add_tags', new Date('2025-03-04T05:06:07Z'), 'select 1;');
    expect(path.relative(dir, file)).toBe('migrations/20250304050607_add_tags.sql');
    expect(readFileSync(file, 'utf8')).toBe('select 1;');
    expect(localMigrations(dir)).toEqual([{ version: '20250304050607', name: 'add_tags' }]);
  });

  it('refuses names that are not file-safe and never overwrites', () => {
    expect(() => newMigration(dir, '../escape', new Date())).toThrow(/letters, digits/);
    const now = new Date('2025-01-01T00:00:00Z');
    newMigration(dir, 'same', now);
    expect(() => newMigration(dir, 'same', now)).toThrow(/EEXIST/);
  });

  it('lists local and applied versions side by side', () => {
    const table = formatMigrationTable(
      [
        { version: '20250101000000', name: 'a' },
        { version: '20250102000000', name: 'b' },
      ],
      [
        { version: '20250101000000', name: 'a' },
        { version: '20241231000000', name: 'gone' },
      ],
    );
    const rows = table.split('\n').slice(2).filter(Boolean).map((l) => l.split('|').map((c) => c.trim()));
    expect(rows).toEqual([
      ['', '20241231000000', '2024-12-31 00:00:00'],
      ['20250101000000', '20250101000000', '2025-01-01 00:00:00'],
      ['20250102000000', '', '2025-01-02 00:00:00'],
    ]);
  });
});
