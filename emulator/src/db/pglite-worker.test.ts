import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { isPostgresError, type Queryable } from './database.js';
import { PGliteWorkerDatabase } from './pglite-worker.js';

/** Every kind of value the services read back: timestamps, bytea, bigint, numeric, json, arrays. */
const VALUES_SQL = `select id, at, bytes, big, amount, doc, tags, note from samples where id in (1, 2) order by id`;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The PostgresError `fn` throws (it must throw one). */
async function postgresErrorOf(fn: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  if (!isPostgresError(error)) throw new Error(`expected a Postgres error, got ${String(error)}`);
  return { ...error, message: error.message, name: error.name };
}

describe('PGliteWorkerDatabase', () => {
  let dir: string;
  let db: PGliteWorkerDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
    db = await PGliteWorkerDatabase.open(dir);
    await db.exec(`
      create table samples (id int primary key, at timestamptz, bytes bytea, big bigint, amount numeric,
                            doc jsonb, tags text[], note text unique);
      insert into samples values
        (1, '2026-11-25 04:00:00.123+00', '\\x00ff10', 9007199254740993, 12.50, '{"a":[1,{"b":null}]}', '{x,y}', 'one'),
        (2, null, null, 42, null, '[]', '{}', null);
      create role reader nologin;
      create role anon nologin;
      grant select on samples to reader;`);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('commits a transaction when fn resolves and answers its value', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query(`insert into samples (id, note) values (10, 'committed')`);
      return (await tx.query<{ note: string }>(`select note from samples where id = 10`)).rows[0]!.note;
    });
    expect(value).toBe('committed');
    expect((await db.query(`select note from samples where id = 10`)).rows).toEqual([{ note: 'committed' }]);
  });

  it('rolls a transaction back when fn throws, and throws what fn threw', async () => {
    const thrown = new Error('stop here');
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`insert into samples (id, note) values (11, 'rolled back')`);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect((await db.query(`select * from samples where id = 11`)).rows).toEqual([]);
  });

  it('runs withClaims as the caller: role and claims set for that transaction only', async () => {
    const seen = await db.withClaims({ claims: { role: 'reader', sub: 'u1' } }, async (tx) => {
      const { rows } = await tx.query<{ role: string; sub: string }>(
        `select current_user as role, current_setting('request.jwt.claims', true)::json ->> 'sub' as sub`,
      );
      return rows[0];
    });
    expect(seen).toEqual({ role: 'reader', sub: 'u1' });
    expect((await db.query(`select current_user as role`)).rows[0]).not.toEqual({ role: 'reader' });
  });

  it('answers queryAsCaller as the caller, in one request', async () => {
    const { rows } = await db.queryAsCaller<{ role: string; n: number }>(
      { claims: { role: 'reader' } },
      `select current_user::text as role, count(*)::int as n from samples where id = $1`,
      [1],
    );
    expect(rows).toEqual([{ role: 'reader', n: 1 }]);
  });

  it('serialises callers: a statement waits for an open transaction, and never sees its rows early', async () => {
    const events: string[] = [];
    const inserted = deferred();
    const release = deferred();
    const transaction = db.transaction(async (tx: Queryable) => {
      await tx.query(`insert into samples (id, note) values (12, 'late')`);
      inserted.resolve();
      await release.promise;
      events.push('transaction ends');
    });
    await inserted.promise;
    const outside = db.query<{ n: number }>(`select count(*)::int as n from samples where id = 12`).then((r) => {
      events.push('outside answered');
      return r.rows[0]!.n;
    });
    // The statement outside is queued behind the transaction; let the transaction go.
    events.push('released');
    release.resolve();
    await transaction;
    expect(await outside).toBe(1);
    expect(events).toEqual(['released', 'transaction ends', 'outside answered']);
  });

  it("reports Postgres' errors with the SQLSTATE and every field, as the in-thread database does", async () => {
    const direct = await postgresErrorOf(() => db.query(`insert into samples (id, note) values (1, 'dup')`));
    expect(direct).toMatchObject({
      name: 'error',
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
      schema: 'public',
      table: 'samples',
      constraint: 'samples_pkey',
      message: 'duplicate key value violates unique constraint "samples_pkey"',
      severity: 'ERROR',
    });
    expect(Object.keys(direct)).toEqual(expect.arrayContaining(['hint', 'column', 'position']));

    const inTransaction = await postgresErrorOf(() =>
      db.transaction((tx) => tx.query(`insert into samples (id, note) values (13, 'one')`)),
    );
    expect(inTransaction).toMatchObject({ code: '23505', constraint: 'samples_note_key', detail: 'Key (note)=(one) already exists.' });

    const asCaller = await postgresErrorOf(() =>
      db.queryAsCaller({ claims: { role: 'reader' } }, `insert into samples (id) values ($1)`, [14]),
    );
    expect(asCaller).toMatchObject({ code: '42501', message: 'permission denied for table samples' });
  });

  it('refuses a parameter no message can carry, and goes on answering', async () => {
    await expect(db.query('select $1::text as v', [() => 'a function'])).rejects.toThrow('could not be cloned');
    expect((await db.query('select $1::text as v', ['text'])).rows).toEqual([{ v: 'text' }]);
  });

  it('delivers NOTIFY payloads in commit order, and none after unlisten', async () => {
    const payloads: string[] = [];
    const unlisten = await db.listen('changes', (payload) => payloads.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('changes', 'a')`);
      await tx.query(`select pg_notify('changes', 'b')`);
    });
    await db.exec(`notify changes, 'c'`);
    await db.queryAsCaller({ claims: null }, `select pg_notify('changes', $1)`, ['d']);
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('changes', 'rolled back')`);
      throw new Error('roll back');
    }).catch(() => undefined);
    // A statement's answer comes after the notifications it caused.
    expect(payloads).toEqual(['a', 'b', 'c', 'd']);
    await unlisten();
    await db.exec(`notify changes, 'e'`);
    await db.query('select 1');
    expect(payloads).toEqual(['a', 'b', 'c', 'd']);
  });

  it('answers values as the in-thread database does: Dates, bytea, bigint, numeric, json, arrays', async () => {
    // What PGliteDatabase answers for VALUES_SQL in this thread. A Date made by the worker's
    // message is Node's own Date, not the one of jest's sandbox, so its time is compared.
    const { rows, ...rest } = await db.query<{ at: Date | null }>(VALUES_SQL);
    expect(rows.map((row) => Object.prototype.toString.call(row.at))).toEqual(['[object Date]', '[object Null]']);
    expect(rows[0]!.at!.getTime()).toBe(Date.parse('2026-11-25T04:00:00.123Z'));
    expect({ rows: rows.map(({ at: _at, ...row }) => row), ...rest }).toEqual({
      rows: [
        {
          id: 1,
          bytes: new Uint8Array([0, 255, 16]),
          big: 9007199254740993n,
          amount: '12.50',
          doc: { a: [1, { b: null }] },
          tags: ['x', 'y'],
          note: 'one',
        },
        { id: 2, bytes: null, big: 42, amount: null, doc: [], tags: [], note: null },
      ],
      fields: [
        { name: 'id', dataTypeID: 23 },
        { name: 'at', dataTypeID: 1184 },
        { name: 'bytes', dataTypeID: 17 },
        { name: 'big', dataTypeID: 20 },
        { name: 'amount', dataTypeID: 1700 },
        { name: 'doc', dataTypeID: 3802 },
        { name: 'tags', dataTypeID: 1009 },
        { name: 'note', dataTypeID: 25 },
      ],
      affectedRows: 0,
    });
  });

  it('takes an image of the data directory while holding the database', async () => {
    const image = await db.exclusive((pg) => pg.dumpDataDir('gzip'));
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect((await db.query(`select count(*)::int as n from samples`)).rows[0]).toEqual({ n: expect.any(Number) });
  });

  it('writes the data directory on close, and then refuses calls', async () => {
    await db.exec(`insert into samples (id, note) values (20, 'before close')`);
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('The database is closed.');
    const reopened = await PGliteWorkerDatabase.open(dir);
    try {
      expect((await reopened.query(`select note from samples where id = 20`)).rows).toEqual([{ note: 'before close' }]);
    } finally {
      await reopened.close();
    }
  });

  it("starts PGlite with the settings it is given (shared_buffers), and with Postgres' own without them", async () => {
    const small = await PGliteWorkerDatabase.open(null, { settings: { sharedBuffers: '16MB' } });
    const usual = await PGliteWorkerDatabase.open(null);
    try {
      expect((await small.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
      expect((await usual.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '128MB' }]);
    } finally {
      await Promise.all([small.close(), usual.close()]);
    }
  });

  it('closes cleanly, not as a crash, when its thread ends in the same turn as it replies', async () => {
    // Node reports a worker's end by handing over the messages it left (the close's reply) and
    // emitting 'exit' at once, before the code awaiting the reply runs: on a busy machine the
    // emulator's stop met that turn, and a clean stop ended as a crash (exit 70). Here that turn
    // is made to happen: the reply is followed at once by 'exit', as Node does then.
    const crashes: Error[] = [];
    const closing = await PGliteWorkerDatabase.open(null, { onCrash: (error) => crashes.push(error) });
    const worker = Reflect.get(closing, 'worker') as Worker;
    worker.on('message', () => worker.emit('exit', 0));
    await expect(closing.close()).resolves.toBeUndefined();
    expect(crashes).toEqual([]);
    await expect(closing.query('select 1')).rejects.toThrow('The database is closed.');
  });

  it('fails pending and later calls, and says so, when the worker thread dies', async () => {
    const crashes: Error[] = [];
    const reopened = await PGliteWorkerDatabase.open(dir, { onCrash: (error) => crashes.push(error) });
    const release = deferred();
    const holding = reopened.transaction(() => release.promise);
    const pending = reopened.query('select 1');
    // No statement can make PGlite's thread exit: end it from outside, as a crash would.
    await (Reflect.get(reopened, 'worker') as Worker).terminate();
    await expect(pending).rejects.toThrow('The database worker thread stopped');
    await expect(reopened.query('select 1')).rejects.toThrow('The database worker thread stopped');
    release.resolve();
    await expect(holding).rejects.toThrow('The database worker thread stopped');
    expect(crashes).toHaveLength(1);
  });
});
