// The few messages of Postgres' extended query protocol the one-exchange path uses, written and
// read straight from bytes: Parse, Bind, Describe, Execute, Close and Sync out; results, errors
// and notifications back, every value in text format. PGlite's own protocol code turns each
// message into an object (and each chunk of output into a copy) before anything reads it, which
// cost about as much as Postgres' own work on a point select.
import { protocol } from '@electric-sql/pglite';

/** Frontend messages of one exchange, written into one growing buffer. */
export class FrontendMessages {
  private buffer = Buffer.allocUnsafe(1024);
  private length = 0;

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  private byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  private int16(value: number): void {
    this.reserve(2);
    this.length = this.buffer.writeInt16BE(value, this.length);
  }

  private int32(value: number): void {
    this.reserve(4);
    this.length = this.buffer.writeInt32BE(value, this.length);
  }

  private cstring(text: string): void {
    this.reserve(Buffer.byteLength(text) + 1);
    this.length += this.buffer.write(text, this.length);
    this.buffer[this.length++] = 0;
  }

  /** A message: its type, a length placeholder filled once `body` has written the rest. */
  private message(type: string, body: () => void): this {
    this.byte(type.charCodeAt(0));
    const at = this.length;
    this.int32(0);
    body();
    this.buffer.writeInt32BE(this.length - at, at);
    return this;
  }

  /** Parse: a named prepared statement, parameter types left to the server. */
  parse(name: string, sql: string): this {
    return this.message('P', () => {
      this.cstring(name);
      this.cstring(sql);
      this.int16(0);
    });
  }

  /** Bind to the unnamed portal: every parameter and every result column in text format. */
  bind(statement: string, values: readonly (string | null)[]): this {
    return this.message('B', () => {
      this.cstring('');
      this.cstring(statement);
      this.int16(0);
      this.int16(values.length);
      for (const value of values) {
        if (value === null) {
          this.int32(-1);
          continue;
        }
        const bytes = Buffer.byteLength(value);
        this.int32(bytes);
        this.reserve(bytes);
        this.length += this.buffer.write(value, this.length);
      }
      this.int16(0);
    });
  }

  /** Describe the unnamed portal (its RowDescription names the result's columns). */
  describePortal(): this {
    return this.message('D', () => {
      this.byte('P'.charCodeAt(0));
      this.cstring('');
    });
  }

  /** Execute the unnamed portal to the end. */
  execute(): this {
    return this.message('E', () => {
      this.cstring('');
      this.int32(0);
    });
  }

  closeStatement(name: string): this {
    return this.message('C', () => {
      this.byte('S'.charCodeAt(0));
      this.cstring(name);
    });
  }

  sync(): this {
    return this.message('S', () => undefined);
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

export interface WireField {
  name: string;
  dataTypeID: number;
}

/** One statement's answer, values still as Postgres' text (null for SQL NULL). */
export interface WireResult {
  fields: WireField[];
  rows: (string | null)[][];
  /** The command tag's count for INSERT, UPDATE, DELETE, COPY and MERGE, as PGlite counts it. */
  affectedRows: number;
}

export interface WireNotification {
  channel: string;
  payload: string;
}

export interface DecodedExchange {
  results: WireResult[];
  /** ParseComplete messages seen: the statements now prepared on the server, in order. */
  parsed: number;
  /** The first ErrorResponse, as PGlite's DatabaseError (what every other query path throws). */
  error: Error | null;
  notifications: WireNotification[];
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function cstringEnd(bytes: Buffer, from: number): number {
  const end = bytes.indexOf(0, from);
  if (end < 0) throw new Error('a backend message ends inside a string');
  return end;
}

/** PGlite's own error object for an ErrorResponse (the rare path: its parser is fine there). */
function databaseError(message: Buffer): Error {
  let error: Error | null = null;
  new protocol.Parser().parse(message, (parsed) => {
    if (parsed instanceof protocol.messages.DatabaseError) error = parsed;
  });
  return error ?? new Error('Postgres answered an error that could not be read');
}

/** Reads the backend's answer to one exchange. */
export function decodeExchange(data: Uint8Array): DecodedExchange {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const decoded: DecodedExchange = { results: [], parsed: 0, error: null, notifications: [] };
  let fields: WireField[] = [];
  let rows: (string | null)[][] = [];
  let affectedRows = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset]!;
    const end = offset + 1 + bytes.readInt32BE(offset + 1);
    let at = offset + 5;
    switch (type) {
      case 0x31 /* 1 ParseComplete */:
        decoded.parsed++;
        break;
      case 0x54 /* T RowDescription */: {
        const count = bytes.readInt16BE(at);
        at += 2;
        fields = [];
        for (let i = 0; i < count; i++) {
          const nameEnd = cstringEnd(bytes, at);
          const name = bytes.toString('utf8', at, nameEnd);
          // table oid (4), column number (2), then the type oid.
          const dataTypeID = bytes.readUInt32BE(nameEnd + 7);
          fields.push({ name, dataTypeID });
          at = nameEnd + 19;
        }
        break;
      }
      case 0x44 /* D DataRow */: {
        const count = bytes.readInt16BE(at);
        at += 2;
        const row: (string | null)[] = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const length = bytes.readInt32BE(at);
          at += 4;
          if (length < 0) row[i] = null;
          else {
            row[i] = bytes.toString('utf8', at, at + length);
            at += length;
          }
        }
        rows.push(row);
        break;
      }
      case 0x43 /* C CommandComplete */: {
        const tag = bytes.toString('utf8', at, cstringEnd(bytes, at)).split(' ');
        const count = Number.parseInt(tag[tag.length - 1]!, 10);
        if (COUNTED_COMMANDS.has(tag[0]!) && !Number.isNaN(count)) affectedRows += count;
        decoded.results.push({ fields, rows, affectedRows });
        fields = [];
        rows = [];
        break;
      }
      case 0x45 /* E ErrorResponse */:
        decoded.error ??= databaseError(bytes.subarray(offset, end));
        break;
      case 0x41 /* A NotificationResponse */: {
        at += 4; // the notifying backend's pid
        const channelEnd = cstringEnd(bytes, at);
        const payloadEnd = cstringEnd(bytes, channelEnd + 1);
        decoded.notifications.push({
          channel: bytes.toString('utf8', at, channelEnd),
          payload: bytes.toString('utf8', channelEnd + 1, payloadEnd),
        });
        break;
      }
      // BindComplete, NoData, EmptyQueryResponse, CloseComplete, NoticeResponse,
      // ParameterStatus, ReadyForQuery: nothing to keep.
    }
    offset = end;
  }
  return decoded;
}
