// Several statements in one exchange with PGlite: the extended-protocol messages of all of them
// and one Sync, handed to Postgres in a single call. Without BEGIN, everything before the Sync
// is one implicit transaction: committed at the Sync, rolled back when a statement fails, and
// `set_config(…, true)` made by the first statement holds for the next ones. PGlite's own
// `query` makes six calls per statement (parse, describe, bind, describe, execute, sync) and a
// transaction two more for BEGIN and COMMIT; this makes one, with prepared statements.
import { protocol, parse, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './database.js';
import type { PreparedStatements } from './prepared-statements.js';

const { serialize } = protocol;

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

function concat(chunks: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    message.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return message;
}

/** Runs `statements` in one implicit transaction and one call; the caller holds the connection. */
export async function runPipeline(
  pg: PGlite,
  statements: readonly PipelinedStatement[],
  names: PreparedStatements,
): Promise<QueryResult[]> {
  const chunks: Uint8Array[] = [];
  for (const name of names.takeEvicted()) chunks.push(serialize.close({ type: 'S', name }));
  const parsing: { sql: string; name: string }[] = [];
  for (const { sql, params } of statements) {
    const { name, prepared } = names.nameFor(sql);
    if (!prepared) {
      chunks.push(serialize.parse({ name, text: sql }));
      parsing.push({ sql, name });
    }
    chunks.push(serialize.bind({ statement: name, values: params.map(asText) }));
    chunks.push(serialize.describe({ type: 'P' }));
    chunks.push(serialize.execute({}));
  }
  chunks.push(serialize.sync());
  const { messages } = await pg.execProtocol(concat(chunks), {
    syncToFs: false,
    throwOnError: false,
  });

  // Parses answer in order up to the first error: those statements exist on the server now.
  let parsed = 0;
  for (const message of messages) {
    if (message.name === 'parseComplete') names.prepared(parsing[parsed]!.sql, parsing[parsed++]!.name);
    if (message instanceof protocol.messages.DatabaseError) throw message;
  }
  await pg.syncToFs();
  return parse.parseResults(messages, pg.parsers).map((result) => ({
    rows: result.rows as Record<string, unknown>[],
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: result.affectedRows ?? 0,
  }));
}
