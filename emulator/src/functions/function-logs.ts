// Each function's recent console output, kept in memory for `GET /functions/v1/_logs/<name>`
// (an emulator extra: hosted Supabase shows function logs in its dashboard and Management API).
// Every line remembers who made the invocation it was written during, so a signed-in person can
// read the lines of their own calls and nobody else's.
import type { LogLevel } from './runtime/protocol.js';

/** Lines kept per function; older ones are dropped first. */
export const LOG_LINES_PER_FUNCTION = 500;

export interface FunctionLogLine {
  /** Increases with every line the emulator stores, across functions. */
  seq: number;
  /** ISO time the line reached the emulator. */
  at: string;
  level: LogLevel;
  text: string;
  /** The invocation the line was written during (the relay's own id), null outside any. */
  invocation: string | null;
  /** The `sub` of the user whose JWT made that invocation; null for anon, keys and no invocation. */
  sub: string | null;
}

export type LogReader = { kind: 'service_role' } | { kind: 'user'; sub: string };

export class FunctionLogs {
  private seq = 0;
  private readonly byFunction = new Map<string, FunctionLogLine[]>();

  constructor(private readonly perFunction = LOG_LINES_PER_FUNCTION) {}

  add(name: string, line: Omit<FunctionLogLine, 'seq' | 'at'>): void {
    let lines = this.byFunction.get(name);
    if (!lines) this.byFunction.set(name, (lines = []));
    lines.push({ seq: ++this.seq, at: new Date().toISOString(), ...line });
    if (lines.length > this.perFunction) lines.splice(0, lines.length - this.perFunction);
  }

  /** The newest `limit` lines of a function the reader may see, oldest first. */
  read(name: string, reader: LogReader, { after = 0, limit = 100 } = {}): FunctionLogLine[] {
    const visible = (this.byFunction.get(name) ?? []).filter(
      (line) => line.seq > after && (reader.kind === 'service_role' || line.sub === reader.sub),
    );
    return visible.slice(Math.max(0, visible.length - limit));
  }
}
