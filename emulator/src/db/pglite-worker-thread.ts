// The worker thread of PGliteWorkerDatabase (pglite-worker.ts): it opens the emulator's
// PGliteDatabase and runs the main thread's requests on it. The messages and the error encoding
// live in pglite-worker-protocol.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Queryable } from './database.js';
import { PGliteDatabase } from './pglite.js';
import {
  encodeError,
  type FromWorker,
  type Request,
  type WorkerOptions,
} from './pglite-worker-protocol.js';

/** A transaction (or an exclusive hold of the PGlite) the main thread runs step by step. */
interface Session {
  /** The transaction, or the PGlite itself, once the session holds it. */
  ready: Promise<Queryable | PGlite>;
  /** Ends the session: commits (true) or rolls back (false); an exclusive hold just ends. */
  end: (commit: boolean) => void;
}

/** Thrown inside the transaction so that PGliteDatabase rolls it back. */
const ROLLBACK = Symbol('rollback');

const port = parentPort!;
const { dataDir, settings } = workerData as WorkerOptions;
const sessions = new Map<number, Session>();
const unlisteners = new Map<number, () => Promise<void>>();

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  try {
    port.postMessage(message, transfer);
  } catch (error) {
    // A value a message cannot carry: the caller gets the reason instead of waiting forever.
    if ('id' in message) port.postMessage({ id: message.id, ok: false, error: encodeError(error) } satisfies FromWorker);
    else throw error;
  }
}

/**
 * Opens a session: `hold` receives a callback that keeps the transaction (or the PGlite) until
 * the main thread ends the session; the request's answer is the session's outcome.
 */
function openSession(
  id: number,
  session: number,
  hold: (run: (held: Queryable | PGlite) => Promise<void>) => Promise<void>,
): void {
  let resolveReady!: (held: Queryable | PGlite) => void;
  let rejectReady!: (error: unknown) => void;
  const ready = new Promise<Queryable | PGlite>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A session whose start failed answers its queries with that failure; nobody else waits.
  ready.catch(() => undefined);
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  sessions.set(session, { ready, end });
  hold(async (held) => {
    resolveReady(held);
    if (!(await ended)) throw ROLLBACK;
  }).then(
    () => post({ id, ok: true, value: undefined }),
    (error: unknown) => {
      rejectReady(error);
      if (error === ROLLBACK) post({ id, ok: true, value: undefined });
      else post({ id, ok: false, error: encodeError(error) });
    },
  ).finally(() => sessions.delete(session));
}

async function inSession(session: number): Promise<Queryable> {
  const found = sessions.get(session);
  if (!found) throw new Error('The transaction has already ended.');
  return (await found.ready) as Queryable;
}

async function exclusivePGlite(session: number): Promise<PGlite> {
  const found = sessions.get(session);
  if (!found) throw new Error('The exclusive hold of the database has already ended.');
  return (await found.ready) as PGlite;
}

async function handle(db: PGliteDatabase, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return request.session === undefined
        ? db.query(request.sql, request.params)
        : (await inSession(request.session)).query(request.sql, request.params);
    case 'exec':
      return request.session === undefined ? db.exec(request.sql) : (await inSession(request.session)).exec(request.sql);
    case 'queryAsCaller':
      return db.queryAsCaller(request.context, request.sql, request.params);
    case 'listen': {
      const { listener } = request;
      const unlisten = await db.listen(request.channel, (payload) => post({ op: 'notify', listener, payload }));
      unlisteners.set(listener, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      return unlisten?.();
    }
    case 'dumpDataDir': {
      const pg = await exclusivePGlite(request.session);
      const image = await pg.dumpDataDir(request.compression);
      return image.arrayBuffer();
    }
    case 'close':
      return db.close();
    case 'begin':
    case 'exclusive':
    case 'end':
      throw new Error(`${request.op} is not a single request`);
  }
}

function serve(db: PGliteDatabase): void {
  port.on('message', (request: Request) => {
    if (request.op === 'end') {
      sessions.get(request.session)?.end(request.commit);
      return;
    }
    if (request.op === 'begin') {
      const { context } = request;
      openSession(request.id, request.session, (run) =>
        context ? db.withClaims(context, run) : db.transaction(run),
      );
      return;
    }
    if (request.op === 'exclusive') {
      openSession(request.id, request.session, (run) => db.exclusive(run));
      return;
    }
    handle(db, request).then(
      (value) => {
        // A data directory image is moved, not copied.
        post({ id: request.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => post({ id: request.id, ok: false, error: encodeError(error) }),
    );
  });
}

PGliteDatabase.open(dataDir, settings).then(
  (db) => {
    serve(db);
    post({ op: 'ready' });
  },
  (error: unknown) => {
    post({ op: 'failed', error: encodeError(error) });
    port.close();
  },
);
