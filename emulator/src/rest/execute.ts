// Running a built statement as the caller. Most requests are one statement: it goes with the
// caller's settings in one exchange with the database (`statementAsCaller`). Otherwise one
// transaction through `withClaims`, with `Prefer: tx=rollback` honoured by rolling back after
// the answer is known, and the schema cache dropped when the transaction ran DDL (the event
// trigger sets `pgrst.schema_changed`).
import type { Queryable } from '../db/database.js';
import type { ServiceContext } from '../http/service.js';
import type { RestRequest } from './request.js';
import { transactionContext } from './request.js';
import type { SchemaCacheStore } from './schema/cache.js';

/** The envelope row every statement returns. */
export interface EnvelopeRow {
  total: string | number | bigint | null;
  page_total: string | number | bigint;
  body: string | null;
}

export interface Envelope {
  total: number | null;
  pageTotal: number;
  body: string | null;
}

export function readEnvelope(row: EnvelopeRow | undefined): Envelope {
  return {
    total: row?.total === null || row?.total === undefined ? null : Number(row.total),
    pageTotal: Number(row?.page_total ?? 0),
    body: row?.body ?? null,
  };
}

const ROLLBACK = Symbol('rest.rollback');

interface RollbackSignal<T> {
  [ROLLBACK]: true;
  value: T;
}

function isRollback<T>(error: unknown): error is RollbackSignal<T> {
  return typeof error === 'object' && error !== null && ROLLBACK in error;
}

/** Runs each statement on its own as the caller: settings and statement in one exchange. */
export function statementAsCaller(
  service: ServiceContext,
  request: RestRequest,
): Pick<Queryable, 'query'> {
  const context = transactionContext(request, service.config.api.extra_search_path);
  return { query: (sql, params) => service.db.queryAsCaller(context, sql, params) };
}

export interface RunOptions {
  /** End with ROLLBACK instead of COMMIT (`Prefer: tx=rollback`). */
  rollback?: boolean;
  /** Check whether the transaction ran DDL (rpc), and drop the schema cache if it did. */
  watchSchema?: SchemaCacheStore;
}

export async function runAsCaller<T>(
  service: ServiceContext,
  request: RestRequest,
  fn: (tx: Queryable) => Promise<T>,
  options: RunOptions = {},
): Promise<T> {
  let schemaChanged = false;
  try {
    const value = await service.db.withClaims(
      transactionContext(request, service.config.api.extra_search_path),
      async (tx) => {
        const value = await fn(tx);
        if (options.watchSchema) {
          const flag = await tx.query<{ changed: string | null }>(
            `select nullif(current_setting('pgrst.schema_changed', true), '') as changed`,
          );
          schemaChanged = flag.rows[0]?.changed === 'on';
        }
        if (options.rollback) throw { [ROLLBACK]: true, value } satisfies RollbackSignal<T>;
        return value;
      },
    );
    if (schemaChanged) options.watchSchema?.invalidate();
    return value;
  } catch (error) {
    if (isRollback<T>(error)) return error.value;
    throw error;
  }
}
