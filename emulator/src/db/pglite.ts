// Embedded Postgres (PGlite, WebAssembly) persisted in the data directory. One PGlite is one
// connection, so every top-level statement and transaction is serialised through a mutex.
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  buildQuietSetConfigSql,
  buildSetConfigSql,
  claimSettings,
  type Database,
  type Queryable,
  type QueryResult,
  type RequestContext,
} from './database.js';
import { Mutex } from './mutex.js';
import { resetRawStream, runPipeline } from './pglite-pipeline.js';
import { PreparedStatements } from './prepared-statements.js';

/**
 * PGlite checks boolean parameters in JavaScript and throws a plain Error for text such as
 * "[", where node-postgres sends the text and Postgres answers 22P02. Strings go as they are,
 * so both engines refuse bad input the same way, with a SQLSTATE the services can map.
 */
function serializeBoolean(value: unknown): string {
  if (typeof value === 'string') return value;
  return value ? 't' : 'f';
}

/** The extensions every PGlite of the emulator loads (a copy of its data must load them too). */
export const PGLITE_EXTENSIONS = { pgcrypto, pg_trgm, uuid_ossp, vector };

/** A channel name as Postgres stores it: quoted as written, otherwise folded to lower case. */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(target: PGliteLike): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params);
      return {
        rows: result.rows,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: result.affectedRows ?? 0,
      };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/** What a PGlite is started with besides its data directory. */
export interface PGliteSettings {
  /** Postgres' `shared_buffers` (e.g. `16MB`); unset keeps Postgres' 128MB (Config.sharedBuffers). */
  sharedBuffers?: string | null;
}

export class PGliteDatabase implements Database {
  readonly engine = 'pglite' as const;
  private readonly mutex = new Mutex();
  private readonly direct: Queryable;
  private readonly statements = new PreparedStatements();
  /** LISTEN callbacks by channel, for NOTIFYs that arrive through the one-exchange path. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** The last exchange was a pipeline, whose raw-stream callback PGlite still holds. */
  private rawStreamInstalled = false;

  private constructor(private readonly pg: PGlite) {
    this.direct = wrap(pg);
  }

  static async open(dataDir: string | null, settings: PGliteSettings = {}): Promise<PGliteDatabase> {
    const pg = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(settings.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${settings.sharedBuffers}`] } : {}),
      extensions: PGLITE_EXTENSIONS,
      serializers: { [types.BOOL]: serializeBoolean },
    });
    return new PGliteDatabase(pg);
  }

  /** Runs `fn` holding the connection, with PGlite's own API usable (no pipeline's callback left). */
  private withPGlite<T>(fn: () => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      if (this.rawStreamInstalled) {
        await resetRawStream(this.pg);
        this.rawStreamInstalled = false;
      }
      return fn();
    });
  }

  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.withPGlite(() => this.direct.query<Row>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.withPGlite(() => this.direct.exec(sql));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.withPGlite(() => this.pg.transaction((tx) => fn(wrap(tx))));
  }

  withClaims<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const { sql, params } = buildSetConfigSql(claimSettings(context));
    return this.transaction(async (tx) => {
      await tx.query(sql, params);
      return fn(tx);
    });
  }

  queryAsCaller<Row = Record<string, unknown>>(
    context: RequestContext,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    const settings = buildQuietSetConfigSql(claimSettings(context));
    return this.mutex.run(async () => {
      this.rawStreamInstalled = true;
      const results = await runPipeline(
        this.pg,
        [settings, { sql, params }],
        this.statements,
        ({ channel, payload }) => this.notifyListeners(channel, payload),
      );
      return results[1] as QueryResult<Row>;
    });
  }

  /**
   * Runs `fn` with the PGlite itself while nothing else touches it (pg_dump, copying the data
   * directory): the CLI's dump and export read a consistent database.
   */
  exclusive<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    return this.withPGlite(() => fn(this.pg));
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    const unlisten = await this.withPGlite(() => this.pg.listen(channel, onPayload));
    const name = postgresName(channel);
    const callbacks = this.listeners.get(name) ?? new Set();
    callbacks.add(onPayload);
    this.listeners.set(name, callbacks);
    return () => {
      callbacks.delete(onPayload);
      return this.withPGlite(() => unlisten());
    };
  }

  /** As PGlite delivers a notification to its listeners: each callback in a microtask. */
  private notifyListeners(channel: string, payload: string): void {
    for (const callback of this.listeners.get(channel) ?? []) queueMicrotask(() => callback(payload));
  }

  async close(): Promise<void> {
    await this.withPGlite(() => this.pg.close());
  }
}
