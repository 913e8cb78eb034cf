// Every API request the emulator answered, newest last, in a bounded ring buffer that the
// console reads and follows (Server-Sent Events). Entries are stored already masked.
import { RingBuffer } from './ring-buffer.js';

export const REQUEST_LOG_CAPACITY = 1000;
/** Bodies longer than this are cut (the console is for reading, not for downloading). */
export const BODY_CAPTURE_BYTES = 64 * 1024;

export type ServiceName = 'auth' | 'rest' | 'storage' | 'vectors' | 'functions' | 'realtime' | 'other';

export interface CapturedBody {
  /** The (masked) text, or null when nothing textual was sent. */
  text: string | null;
  /** Why there is no text or only part of it (binary, too large, streamed). */
  note: string | null;
}

export interface RequestSummary {
  id: number;
  /** ISO time the request arrived. */
  time: string;
  service: ServiceName;
  method: string;
  path: string;
  /** The query string, masked (`?select=*`), or ''. */
  query: string;
  role: string;
  /** The JWT's `sub` (a user id) and `email`, when it has them. */
  user: string | null;
  email: string | null;
  status: number;
  durationMs: number;
  /** Rows a REST or storage listing answered (Content-Range, or the JSON array's length). */
  rows: number | null;
}

export interface RequestEntry extends RequestSummary {
  requestHeaders: Record<string, string>;
  requestBody: CapturedBody;
  responseHeaders: Record<string, string>;
  responseBody: CapturedBody;
  /**
   * The claims the request ran with, kept (unmasked, in memory only) so the RLS verdict can run
   * the same query as the same caller on demand. Never sent to the console.
   */
  claims: Record<string, unknown> | null;
  /** The query string as sent (filters the verdict replays), likewise never sent to the console. */
  rawQuery: string;
}

export type NewRequestEntry = Omit<RequestEntry, 'id'>;

export function summarise(entry: RequestEntry): RequestSummary {
  const { id, time, service, method, path, query, role, user, email, status, durationMs, rows } = entry;
  return { id, time, service, method, path, query, role, user, email, status, durationMs, rows };
}

/** A stored entry, or what makes it: masking waits until someone reads the log. */
interface Slot {
  id: number;
  entry?: RequestEntry;
  make?: () => NewRequestEntry;
}

function entryOf(slot: Slot): RequestEntry {
  if (!slot.entry) {
    slot.entry = { id: slot.id, ...slot.make!() };
    slot.make = undefined;
  }
  return slot.entry;
}

export class RequestLog {
  private readonly entries: RingBuffer<Slot>;
  private readonly listeners = new Set<(entry: RequestEntry) => void>();
  private lastId = 0;

  constructor(capacity = REQUEST_LOG_CAPACITY) {
    this.entries = new RingBuffer(capacity);
  }

  record(entry: NewRequestEntry): RequestEntry {
    return this.store({ id: ++this.lastId, make: () => entry });
  }

  /**
   * Records an entry made by `make` only when it is read (or at once while someone follows the
   * log): masking bodies and headers cost more than many an answer, and most entries are never
   * looked at.
   */
  recordLater(make: () => NewRequestEntry): void {
    const slot: Slot = { id: ++this.lastId, make };
    if (this.listeners.size > 0) this.store(slot);
    else this.entries.push(slot);
  }

  private store(slot: Slot): RequestEntry {
    const stored = entryOf(slot);
    this.entries.push(slot);
    for (const listener of this.listeners) listener(stored);
    return stored;
  }

  list(): RequestEntry[] {
    return this.entries.toArray().map(entryOf);
  }

  get(id: number): RequestEntry | undefined {
    const slot = this.entries.find((candidate) => candidate.id === id);
    return slot && entryOf(slot);
  }

  /** Calls `listener` with each new entry; returns the unsubscribe function. */
  subscribe(listener: (entry: RequestEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Which service a gateway path belongs to. */
export function serviceOf(path: string): ServiceName {
  if (path.startsWith('/storage/v1/vector')) return 'vectors';
  const match = /^\/(auth|rest|storage|functions|realtime)\/v1(\/|$)/.exec(path);
  return match ? (match[1] as ServiceName) : 'other';
}

/** The claims of a JWT, decoded without checking it (the service answering checked it). */
export function decodeClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Rows in an answer: PostgREST's Content-Range (`0-9/*`), else a JSON array's length. */
export function rowsOf(contentRange: string | null, body: string | null, contentType: string | null): number | null {
  const range = contentRange ? /^(\d+)-(\d+)\/|^\*\//.exec(contentRange) : null;
  if (range) return range[1] === undefined ? 0 : Number(range[2]) - Number(range[1]) + 1;
  if (body && (contentType ?? '').includes('json') && body.trimStart().startsWith('[')) {
    try {
      const value = JSON.parse(body) as unknown;
      return Array.isArray(value) ? value.length : null;
    } catch {
      return null;
    }
  }
  return null;
}
