import pg from 'pg';
import { createScratchDatabase, postgresTestUrl } from '../../test/harness.js';
import { bootstrapDatabase, everyStartSql } from './bootstrap.js';
import { PostgresDatabase } from './postgres.js';

const serverUrl = postgresTestUrl();
const describeWithServer = serverUrl ? describe : describe.skip;

/** Resolves once a session on `database` waits for a lock another session holds. */
async function someoneWaitsIn(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  try {
    for (;;) {
      const waiting = await admin.query(`select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [database]);
      if (waiting.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}

describeWithServer('bootstrap beside another emulator on the same PostgreSQL server', () => {
  it('waits for the other database’s bootstrap of the server’s roles instead of failing with "tuple concurrently updated"', async () => {
    const [first, second] = await Promise.all([createScratchDatabase(serverUrl!), createScratchDatabase(serverUrl!)]);
    const other = new pg.Client({ connectionString: first.url });
    let db: PostgresDatabase | null = null;
    try {
      await other.connect();
      // Another emulator halfway through the step every start runs: what it wrote to the server's
      // roles is not committed yet.
      await other.query('begin');
      await other.query(everyStartSql());
      db = await PostgresDatabase.open(second.url);
      const outcome = bootstrapDatabase(db).then(
        () => 'bootstrapped',
        (error: unknown) => (error as Error).message,
      );
      await someoneWaitsIn(new URL(second.url).pathname.slice(1));
      await other.query('commit');
      expect(await outcome).toBe('bootstrapped');
      const roles = await db.query(`select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'service_role') order by rolname`);
      expect(roles.rows).toEqual([
        { rolname: 'anon', rolbypassrls: false },
        { rolname: 'service_role', rolbypassrls: true },
      ]);
    } finally {
      await other.end().catch(() => undefined);
      await db?.close();
      await Promise.all([first.drop(), second.drop()]);
    }
  });
});
