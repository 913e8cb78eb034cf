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
   * `request.jwt.claims`, `request.headers`, `request.cookies`, `request.method`,
   * `request.path`, as PostgREST sets them. Row level security then decides.
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
 * The role and the claims' JSON, encoded once per claims object: a verified token's claims
 * are cached and come back as the same object for each of its requests.
 */
const encodedClaims = new WeakMap<JwtClaims, { role: string; json: string }>();

function encodeClaims(claims: JwtClaims): { role: string; json: string } {
  let encoded = encodedClaims.get(claims);
  if (encoded) return encoded;
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  encoded = { role, json: JSON.stringify(claims) };
  encodedClaims.set(claims, encoded);
  return encoded;
}

/**
 * The settings `withClaims` applies, as (name, value) pairs for `set_config(name, value, true)`:
 * what PostgREST 12 and later set (the claims only as one JSON, no `request.jwt.claim.<name>`;
 * Supabase's `auth.uid()`, `auth.role()` and `auth.jwt()` read it), then `context.settings`.
 */
export function claimSettings(context: RequestContext): [string, string][] {
  const { role, json } = encodeClaims(context.claims ?? ANON_CLAIMS);
  const settings: [string, string][] = [
    ['role', role],
    ['request.jwt.claims', json],
    ['request.method', context.method ?? 'GET'],
    ['request.path', context.path ?? '/'],
    ['request.headers', JSON.stringify(context.headers ?? {})],
    ['request.cookies', '{}'],
  ];
  for (const [name, value] of Object.entries(context.settings ?? {})) settings.push([name, value]);
  return settings;
}

/** The statement for a list of setting names, built once per list (a handful ever occur). */
const setConfigStatements = new Map<string, string>();

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * One statement that applies all settings: `select set_config('role', $1, true), …`. The
 * names are part of the statement (from code, never from a request), the values its parameters.
 */
export function buildSetConfigSql(settings: [string, string][]): { sql: string; params: string[] } {
  const params = settings.map(([, value]) => value);
  const key = settings.map(([name]) => name).join('\0');
  let sql = setConfigStatements.get(key);
  if (sql === undefined) {
    const calls = settings.map(([name], i) => `set_config(${literal(name)}, $${i + 1}, true)`);
    sql = `select ${calls.join(', ')}`;
    setConfigStatements.set(key, sql);
  }
  return { sql, params };
}

/** The statement for a list of setting names, in its quiet form (see below), built once. */
const quietStatements = new Map<string, string>();

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
  let quiet = quietStatements.get(sql);
  if (quiet === undefined) {
    quiet = `select from (${sql}) as "settings"`;
    quietStatements.set(sql, quiet);
  }
  return { sql: quiet, params };
}
