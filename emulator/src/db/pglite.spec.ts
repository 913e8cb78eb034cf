// PGliteDatabase in a process of its own: PGlite needs dynamic imports, which jest's module
// loader refuses (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG).
import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function runScript(script: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout))),
    ),
  );
}

describe('PGliteDatabase', () => {
  it("leaves PGlite's own protocol calls their answers after a one-exchange statement", async () => {
    // The one-exchange path leaves PGlite's raw-stream callback installed, and PGlite's
    // execProtocol (its close, pg_dump) reads its answer through whatever callback is set.
    const answer = await runScript(`
      import { protocol } from '@electric-sql/pglite';
      import { PGliteDatabase } from './emulator/src/db/pglite.ts';
      const db = await PGliteDatabase.open(null);
      const piped = [];
      for (let i = 0; i < 3; i++) {
        piped.push((await db.queryAsCaller({ claims: { role: 'postgres' } }, 'select $1::int as n', [i])).rows[0].n);
      }
      const answer = await db.exclusive((pg) =>
        pg.execProtocol(protocol.serialize.query('select 2 as two'), { syncToFs: false }));
      const queried = (await db.query('select 3 as three')).rows;
      const after = (await db.queryAsCaller({ claims: { role: 'postgres' } }, 'select 4 as four')).rows;
      await db.close();
      console.log(JSON.stringify({ piped, messages: answer.messages.map((m) => m.name), queried, after }));
    `);
    expect(answer).toEqual({
      piped: [0, 1, 2],
      messages: expect.arrayContaining(['rowDescription', 'dataRow', 'commandComplete']),
      queried: [{ three: 3 }],
      after: [{ four: 4 }],
    });
  }, 60_000);
});
