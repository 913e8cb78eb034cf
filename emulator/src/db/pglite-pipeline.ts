// Several statements in one exchange with PGlite: the extended-protocol messages of all of them
// and one Sync, handed to Postgres in a single call. Without BEGIN, everything before the Sync
// is one implicit transaction: committed at the Sync, rolled back when a statement fails, and
// `set_config(…, true)` made by the first statement holds for the next ones. PGlite's own
// `query` makes six calls per statement (parse, describe, bind, describe, execute, sync) and a
// transaction two more for BEGIN and COMMIT; this makes one, with prepared statements.
import { types, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './database.js';
import { decodeExchange, FrontendMessages, type WireNotification, type WireResult } from './pg-wire.js';
import type { PreparedStatements } from './prepared-statements.js';

export interface PipelinedStatement {
  sql: string;
  params: readonly unknown[];
}

/**
 * Parameters travel as text, as PGlite's own serializers send strings and numbers; without a
 * Describe round trip first there are no parameter types to serialize anything else by.
 */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  throw new TypeError(`a pipelined statement takes text, numbers or booleans, not ${typeof value}`);
}

/** Rows as objects, each value parsed by its type as PGlite's `query` parses it. */
function asQueryResult(result: WireResult, parsers: PGlite['parsers']): QueryResult {
  const { fields, rows } = result;
  return {
    rows: rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const value = values[i] ?? null;
        row[fields[i]!.name] = value === null ? null : types.parseType(value, fields[i]!.dataTypeID, parsers);
      }
      return row;
    }),
    fields,
    affectedRows: result.affectedRows,
  };
}

/**
 * Runs `statements` in one implicit transaction and one call; the caller holds the connection.
 * PGlite's raw stream hands over its output without parsing it; NOTIFYs the statements sent
 * therefore reach `notify` here, not PGlite's own listeners. The raw stream leaves its callback
 * installed, and PGlite's `execProtocol` (its close, pg_dump) would hand its output to it: the
 * caller calls `resetRawStream` before it next uses PGlite's own API (its `query`, `exec` and
 * `transaction` install their own callback). Pipelines in a row need no reset between them.
 */
export async function runPipeline(
  pg: PGlite,
  statements: readonly PipelinedStatement[],
  names: PreparedStatements,
  notify: (notification: WireNotification) => void,
): Promise<QueryResult[]> {
  const messages = new FrontendMessages();
  for (const name of names.takeEvicted()) messages.closeStatement(name);
  const parsing: { sql: string; name: string }[] = [];
  for (const { sql, params } of statements) {
    const { name, prepared } = names.nameFor(sql);
    if (!prepared) {
      messages.parse(name, sql);
      parsing.push({ sql, name });
    }
    messages.bind(name, params.map(asText)).describePortal().execute();
  }
  messages.sync();
  // The output arrives as views of PGlite's memory, valid only during the call: copied.
  const chunks: Uint8Array[] = [];
  await pg.execProtocolRawStream(messages.bytes(), {
    syncToFs: false,
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  const decoded = decodeExchange(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));

  // Parses answer in order up to the first error: those statements exist on the server now.
  for (const { sql, name } of parsing.slice(0, decoded.parsed)) names.prepared(sql, name);
  for (const notification of decoded.notifications) notify(notification);
  if (decoded.error) throw decoded.error;
  // No syncToFs: the data directory is NODEFS (or memory), where Postgres' writes go straight to
  // the files (docs/known-traps.md#a-killed-emulator); PGlite's call would only take its lock.
  return decoded.results.map((result) => asQueryResult(result, pg.parsers));
}

const NOTHING = new Uint8Array(0);

/** Uninstalls the raw stream's callback: an exchange through PGlite's own API ends with it unset. */
export async function resetRawStream(pg: PGlite): Promise<void> {
  await pg.execProtocol(NOTHING, { syncToFs: false });
}
