// PGlite on its own thread. Postgres' work for a request (planning, executing, encoding rows)
// then runs beside the HTTP and service work of other requests, as a real Postgres server
// runs in its own process: on two cores the two halves overlap. The worker thread
// (pglite-worker-thread.ts) holds a PGliteDatabase; this class is the `Database` the services
// use, every call a message. A transaction is a session in the worker: `fn` runs here and its
// statements go to the worker tagged with the session, which holds the transaction (and so the
// one connection) until `fn` settles, as PGliteDatabase does in-process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult, RequestContext } from './database.js';
import { PGliteDatabase, type PGliteSettings } from './pglite.js';
import { decodeError, type FromWorker, type Request, type WorkerOptions } from './pglite-worker-protocol.js';

const EMULATOR_DIR = fileURLToPath(new URL('../../', import.meta.url));
const THREAD_SOURCE = fileURLToPath(new URL('./pglite-worker-thread.ts', import.meta.url));

/**
 * The worker thread's module compiled to JavaScript (a worker runs plain Node, whatever loads
 * this one): built once per state of its sources, as the emulator's own entry is.
 */
async function threadFile(): Promise<string> {
  const { compiledEntry } = await import('@portal/compiled-entry');
  const { file } = await compiledEntry({
    root: EMULATOR_DIR,
    entry: THREAD_SOURCE,
    outDir: path.join(EMULATOR_DIR, 'dist', 'pglite-worker'),
    name: 'pglite-worker',
    buildFormat: 'esbuild esm node22 pglite-worker 1',
  });
  return file;
}

/** A data directory image, as PGlite's `dumpDataDir` answers it. */
export interface DataDirImages {
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob>;
}

/** An embedded database whose data directory can be read while nothing else runs. */
export interface EmbeddedPGlite {
  exclusive<T>(fn: (pg: DataDirImages) => Promise<T>): Promise<T>;
}

/** The database as an embedded PGlite (in this thread or in a worker), or null for a server. */
export function embeddedPGlite(db: Database): EmbeddedPGlite | null {
  return db instanceof PGliteDatabase || db instanceof PGliteWorkerDatabase ? db : null;
}

/** A request as `request` takes it: its id is added there. */
type Sent = Exclude<Request, { op: 'end' }> extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface PGliteWorkerOptions {
  /**
   * Called once when the worker thread dies while the database is open (a crash of PGlite's
   * WebAssembly, an out-of-memory): every pending and later call fails with `error`.
   */
  onCrash?: (error: Error) => void;
  /** What the PGlite in the worker is started with. */
  settings?: PGliteSettings;
}

export class PGliteWorkerDatabase implements Database {
  readonly engine = 'pglite' as const;
  private nextId = 1;
  private nextSession = 1;
  private nextListener = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  /** Why calls fail: the worker died, or the database was closed. */
  private failure: Error | null = null;
  private closed: Promise<void> | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onCrash: (error: Error) => void,
  ) {
    // The worker keeps the process alive only while a call waits on it (an in-process PGlite
    // never does): a process that forgot to close its database still ends.
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.crash(error));
    worker.on('exit', (code) => {
      // The thread ends by itself once it has answered a close. Node may report that end in the
      // same turn as it hands over the answer, before the close awaiting it has run on: the end
      // of a close, not a crash (a clean stop on a busy machine ended with exit 70 for it).
      if (this.closed && code === 0) this.failAll(new Error('The database is closed.'));
      else this.crash(new Error(`The database worker thread stopped (exit code ${code}).`));
    });
  }

  /** Starts the worker and opens the data directory (null: in memory) in it. */
  static async open(dataDir: string | null, options: PGliteWorkerOptions = {}): Promise<PGliteWorkerDatabase> {
    const worker = new Worker(await threadFile(), { workerData: { dataDir, settings: options.settings ?? {} } satisfies WorkerOptions });
    let onMessage!: (message: FromWorker) => void;
    let onError!: (error: Error) => void;
    let onExit!: (code: number) => void;
    try {
      await new Promise<void>((resolve, reject) => {
        onMessage = (message) => {
          if ('op' in message && message.op === 'ready') resolve();
          else if ('op' in message && message.op === 'failed') reject(decodeError(message.error));
          else reject(new Error('The database worker thread answered before it was ready.'));
        };
        onError = reject;
        onExit = (code) =>
          reject(new Error(`The database worker thread stopped (exit code ${code}) while opening ${dataDir ?? 'the database'}.`));
        worker.once('message', onMessage).once('error', onError).once('exit', onExit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    // Only these: Node's own listeners on the worker keep its port referenced while one listens.
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    return new PGliteWorkerDatabase(worker, options.onCrash ?? (() => undefined));
  }

  private receive(message: FromWorker): void {
    if ('op' in message) {
      if (message.op === 'notify') this.listeners.get(message.listener)?.(message.payload);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(decodeError(message.error));
  }

  private crash(error: Error): void {
    if (this.failure) return;
    this.failAll(error);
    this.onCrash(error);
  }

  /** Fails every pending and later call with `error`. */
  private failAll(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private request<T>(message: Sent, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      try {
        this.worker.postMessage({ ...message, id }, transfer);
      } catch (error) {
        // A parameter a message cannot carry (a function, a class with private state).
        reject(error as Error);
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    });
  }

  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.request({ op: 'query', sql, params });
  }

  async exec(sql: string): Promise<void> {
    await this.request({ op: 'exec', sql });
  }

  queryAsCaller<Row = Record<string, unknown>>(
    context: RequestContext,
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    return this.request({ op: 'queryAsCaller', context, sql, params });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.session({ op: 'begin' }, (session) => fn(this.sessionQueryable(session)));
  }

  withClaims<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.session({ op: 'begin', context }, (session) => fn(this.sessionQueryable(session)));
  }

  /**
   * Runs `fn` with the data directory while nothing else touches the database (the CLI's dump
   * and export): the worker holds its PGlite for the session.
   */
  exclusive<T>(fn: (pg: DataDirImages) => Promise<T>): Promise<T> {
    return this.session({ op: 'exclusive' }, (session) =>
      fn({
        dumpDataDir: async (compression = 'none') => {
          const bytes = await this.request<ArrayBuffer>({ op: 'dumpDataDir', session, compression });
          return new Blob([bytes], { type: compression === 'none' ? 'application/x-tar' : 'application/x-gzip' });
        },
      }),
    );
  }

  /**
   * Opens a session, runs `fn`, and ends the session: committed when `fn` resolves, rolled back
   * when it throws. `fn`'s statements do not wait for the session to open: the worker queues
   * them behind it (one message each way per statement), and a session that could not open
   * answers them with its error.
   */
  private async session<T>(
    start: { op: 'begin'; context?: RequestContext } | { op: 'exclusive' },
    fn: (session: number) => Promise<T>,
  ): Promise<T> {
    const session = this.nextSession++;
    const outcome = this.request<void>({ ...start, session });
    // Read below, once `fn` settles; a failure before then must not count as unhandled.
    outcome.catch(() => undefined);
    let value: T;
    try {
      value = await fn(session);
    } catch (error) {
      this.end(session, false);
      await outcome.catch(() => undefined);
      throw error;
    }
    this.end(session, true);
    await outcome;
    return value;
  }

  private end(session: number, commit: boolean): void {
    if (!this.failure) this.worker.postMessage({ op: 'end', session, commit } satisfies Request);
  }

  private sessionQueryable(session: number): Queryable {
    return {
      query: <Row>(sql: string, params?: unknown[]) =>
        this.request<QueryResult<Row>>({ op: 'query', sql, params, session }),
      exec: async (sql: string) => {
        await this.request({ op: 'exec', sql, session });
      },
    };
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextListener++;
    this.listeners.set(listener, onPayload);
    try {
      await this.request({ op: 'listen', listener, channel });
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.listeners.delete(listener);
      await this.request({ op: 'unlisten', listener });
    };
  }

  /** Closes the database in the worker (its data directory written out), then ends the thread. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      try {
        await this.request({ op: 'close' });
      } finally {
        this.failure ??= new Error('The database is closed.');
        await this.worker.terminate();
      }
    })();
    return this.closed;
  }
}
