// The one way services touch data. Two engines (PGlite in-process, or a real PostgreSQL
// through DATABASE_URL) behind one interface; `withClaims` is how a request runs: one
// transaction with the caller's role and JWT claims set as PostgREST sets them.
import type { JwtClaims } from '../keys.js';

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters, no result (DDL, migrations). */
  exec(sql: string): Promise<void>;
}

export interface RequestContext {
  claims: JwtClaims | null;
  /** Lower-case header names → values, for `request.headers`. */
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  /** Extra GUCs set for this transaction only (e.g. `search_path`). */
  settings?: Record<string, string>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** One transaction; rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One transaction as the caller: `role` from the claims (`anon` without any),
   * `request.jwt.claims`, the legacy `request.jwt.claim.*`, `request.headers`,
   * `request.method`, `request.path`. Row level security then decides.
   */
  withClaims<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One statement as the caller, as `withClaims` runs it, in a single exchange with the server:
   * the settings and the statement are sent together and run in one transaction (PostgREST's
   * request path). Both are prepared statements, so the statement's result columns must not
   * change with the schema (REST's envelope never does; `select *` would, after an ALTER TABLE,
   * fail with 0A000 "cached plan must not change result type"). Parameters are text, numbers
   * or booleans.
   */
  queryAsCaller<Row = Record<string, unknown>>(
    context: RequestContext,
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>>;
  /** LISTEN on a channel; the callback receives payloads of NOTIFYs after they commit. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown (with Postgres' SQLSTATE in `code`) when a statement fails. */
export interface PostgresError extends Error {
  code: string;
  detail?: string;
  hint?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

export function isPostgresError(error: unknown): error is PostgresError {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

const ANON_CLAIMS: JwtClaims = { role: 'anon' };

/**
 * The settings that depend on the claims alone, encoded once per claims object: a verified
 * token's claims are cached and come back as the same object for each of its requests.
 */
const encodedClaims = new WeakMap<JwtClaims, [string, string][]>();

function claimsSettings(claims: JwtClaims): [string, string][] {
  let settings = encodedClaims.get(claims);
  if (settings) return settings;
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  settings = [
    ['role', role],
    ['request.jwt.claims', JSON.stringify(claims)],
  ];
  for (const [name, value] of Object.entries(claims)) {
    if (!/^[a-z_][a-z0-9_]*$/i.test(name)) continue;
    settings.push([
      `request.jwt.claim.${name}`,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
  }
  encodedClaims.set(claims, settings);
  return settings;
}

/** The settings `withClaims` applies, as (name, value) pairs for `set_config(name, value, true)`. */
export function claimSettings(context: RequestContext): [string, string][] {
  const settings: [string, string][] = [
    ...claimsSettings(context.claims ?? ANON_CLAIMS),
    ['request.method', context.method ?? 'GET'],
    ['request.path', context.path ?? '/'],
    ['request.headers', JSON.stringify(context.headers ?? {})],
    ['request.cookies', '{}'],
  ];
  for (const [name, value] of Object.entries(context.settings ?? {})) settings.push([name, value]);
  return settings;
}

/** One statement that applies all settings: `select set_config($1,$2,true), …`. */
export function buildSetConfigSql(settings: [string, string][]): { sql: string; params: string[] } {
  const params: string[] = [];
  const calls = settings.map(([name, value]) => {
    params.push(name, value);
    return `set_config($${params.length - 1}, $${params.length}, true)`;
  });
  return { sql: `select ${calls.join(', ')}`, params };
}

/**
 * The same settings as a statement that answers no values: a pipelined exchange then does not
 * carry every value (the claims, the headers) back from the server only to drop it. A volatile
 * select list in a subquery is evaluated even when nothing reads it.
 */
export function buildQuietSetConfigSql(settings: [string, string][]): {
  sql: string;
  params: string[];
} {
  const { sql, params } = buildSetConfigSql(settings);
  return { sql: `select from (${sql}) as "settings"`, params };
}
