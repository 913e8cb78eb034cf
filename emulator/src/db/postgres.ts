// A real PostgreSQL server through DATABASE_URL (node-postgres pool). The connecting user
// must be able to SET ROLE to anon/authenticated/service_role (a superuser, locally).
import pg from 'pg';
import {
  buildQuietSetConfigSql,
  buildSetConfigSql,
  claimSettings,
  type Database,
  type Queryable,
  type QueryResult,
  type RequestContext,
} from './database.js';
import { PreparedStatements } from './prepared-statements.js';

type Client = pg.Pool | pg.PoolClient;

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return {
    rows: result.rows as Row[],
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: result.rowCount ?? 0,
  };
}

function wrap(client: Client): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      return toResult<Row>(await client.query({ text: sql, values: params }));
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const;
  private readonly direct: Queryable;
  private listener: pg.Client | null = null;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  /** Shared by the pool's connections: each parses a name the first time it meets it. */
  private readonly statements = new PreparedStatements();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {
    this.direct = wrap(pool);
  }

  static async open(url: string): Promise<PostgresDatabase> {
    // Pipelined: queries issued together are written together and answered in one round trip.
    // Connections are replaced after half an hour (as PostgREST's pool), which also drops the
    // prepared statements whose names were evicted meanwhile.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      pipeline: true,
      maxLifetimeSeconds: 1800,
    });
    pool.on('error', (error) => console.error(`postgres pool: ${error.message}`));
    // Fail fast with a clear message when the server is not there.
    await pool.query('select 1');
    return new PostgresDatabase(pool, url);
  }

  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.direct.query<Row>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.direct.exec(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  withClaims<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const { sql, params } = buildSetConfigSql(claimSettings(context));
    return this.transaction(async (tx) => {
      await tx.query(sql, params);
      return fn(tx);
    });
  }

  async queryAsCaller<Row = Record<string, unknown>>(
    context: RequestContext,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    const settings = buildQuietSetConfigSql(claimSettings(context));
    const named = (text: string, values: readonly unknown[]) => {
      const { name } = this.statements.nameFor(text);
      this.statements.prepared(text, name);
      return { name, text, values: [...values] };
    };
    const client = await this.pool.connect();
    try {
      // Written in one go; when the statement fails, COMMIT ends the aborted transaction as a
      // ROLLBACK, and every answer is read before the connection goes back to the pool.
      const answers = await Promise.allSettled([
        client.query('begin'),
        client.query(named(settings.sql, settings.params)),
        client.query(named(sql, params)),
        client.query('commit'),
      ]);
      const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
      if (failed) throw failed.reason;
      return toResult<Row>((answers[2] as PromiseFulfilledResult<pg.QueryResult>).value);
    } finally {
      client.release();
    }
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (!this.listener) {
      this.listener = new pg.Client({ connectionString: this.url });
      await this.listener.connect();
      this.listener.on('notification', (message) => {
        for (const callback of this.channels.get(message.channel) ?? []) callback(message.payload ?? '');
      });
    }
    let callbacks = this.channels.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.channels.set(channel, callbacks);
      await this.listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    callbacks.add(onPayload);
    return async () => {
      callbacks.delete(onPayload);
      if (callbacks.size === 0 && this.listener) {
        this.channels.delete(channel);
        await this.listener.query(`unlisten ${pg.escapeIdentifier(channel)}`);
      }
    };
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
