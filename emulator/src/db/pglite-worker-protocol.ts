// The messages between PGliteWorkerDatabase (main thread) and its worker thread. Rows, fields and
// parameters cross as structured clones (Dates, Uint8Arrays, bigints and plain objects arrive as
// they were); errors do not (a clone keeps only `message`), so they are encoded field by field.
import type { RequestContext } from './database.js';
import type { PGliteSettings } from './pglite.js';

export interface WorkerOptions {
  dataDir: string | null;
  settings: PGliteSettings;
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; session?: number }
  | { id: number; op: 'exec'; sql: string; session?: number }
  | { id: number; op: 'queryAsCaller'; context: RequestContext; sql: string; params?: readonly unknown[] }
  /** Starts a transaction session (as the caller when `context` is given); answered when it ends. */
  | { id: number; op: 'begin'; session: number; context?: RequestContext }
  /** Holds the PGlite itself for the session (pg_dump, data directory images); answered when it ends. */
  | { id: number; op: 'exclusive'; session: number }
  /** Ends a session: commit or roll back. Not answered: the session's own request is. */
  | { op: 'end'; session: number; commit: boolean }
  | { id: number; op: 'dumpDataDir'; session: number; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'listen'; listener: number; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

export interface EncodedError {
  name: string;
  message: string;
  stack?: string;
  /**
   * Every own enumerable property that survives a structured clone: Postgres' code, detail,
   * hint, table, … (unset ones too), the query and its parameters, and `name`, which
   * pg-protocol's DatabaseError holds as its own.
   */
  fields: Record<string, unknown>;
}

export type FromWorker =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: EncodedError }
  | { op: 'notify'; listener: number; payload: string }
  | { op: 'ready' }
  | { op: 'failed'; error: EncodedError };

export function encodeError(error: unknown): EncodedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: EncodedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A value a message cannot carry (a function, a socket) stays behind.
    }
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

/** The error again, on this side: an Error with the same name, message and fields. */
export function decodeError(encoded: EncodedError): Error {
  const error = new Error(encoded.message);
  if (!('name' in encoded.fields) && encoded.name !== error.name) {
    Object.defineProperty(error, 'name', { value: encoded.name, writable: true, configurable: true });
  }
  Object.assign(error, encoded.fields);
  if (encoded.stack) error.stack = `${encoded.stack}\n    at the database worker thread`;
  return error;
}
