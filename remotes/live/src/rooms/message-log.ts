// A room's messages as the screen shows them: the stored history, what arrived live, and what
// this person is sending (with how far each got). Pure, so the merge rules are tested alone.
import type { Tables } from '@portal/platform/database';
import * as z from 'zod/mini';

/** A row of public.messages, as stored and as broadcast to the room. */
export type StoredMessage = Pick<Tables<'messages'>, 'id' | 'project_id' | 'author_id' | 'body' | 'created_at'>;

/** Checks a broadcast another client sent (the table's rows are typed by the client already). */
export const storedMessageSchema = z.object({
  id: z.int(),
  project_id: z.int(),
  author_id: z.string(),
  body: z.string(),
  created_at: z.string(),
}) satisfies z.ZodMiniType<StoredMessage>;

/**
 * `sending`: being stored; `stored`: in the table (the room may not have heard yet);
 * `delivered`: the realtime server acknowledged the broadcast to the room; `failed`: not stored.
 */
export type Delivery = 'sending' | 'stored' | 'delivered' | 'failed';

export interface LogEntry {
  /** The row id once stored; a local key before. */
  key: string;
  message: Omit<StoredMessage, 'id'> & { id: number | null };
  /** Only for this person's own messages sent from this tab. */
  delivery: Delivery | null;
  error?: string;
}

export type MessageLog = readonly LogEntry[];

const byTime = (a: LogEntry, b: LogEntry) =>
  a.message.created_at.localeCompare(b.message.created_at) || (a.message.id ?? Infinity) - (b.message.id ?? Infinity);

/** Adds stored rows (history, a catch-up, a broadcast); a row already shown is kept once. */
export function addStored(log: MessageLog, rows: readonly StoredMessage[]): MessageLog {
  const known = new Set(log.map((e) => e.message.id).filter((id) => id !== null));
  const fresh = rows.filter((row) => !known.has(row.id) && (known.add(row.id), true));
  if (fresh.length === 0) return log;
  return [...log, ...fresh.map((row): LogEntry => ({ key: `m${row.id}`, message: row, delivery: null }))].sort(byTime);
}

export function addPending(log: MessageLog, key: string, message: LogEntry['message']): MessageLog {
  return [...log, { key, message, delivery: 'sending' as const }];
}

/** The pending message was stored: it takes the row (and its place in time). */
export function markStored(log: MessageLog, key: string, row: StoredMessage): MessageLog {
  // The broadcast of this very row may have come back first (another tab of the same person).
  const withoutEcho = log.filter((e) => e.key === key || e.message.id !== row.id);
  return withoutEcho.map((e) => (e.key === key ? { ...e, message: row, delivery: 'stored' as const } : e)).sort(byTime);
}

export function markDelivery(log: MessageLog, key: string, delivery: Delivery, error?: string): MessageLog {
  return log.map((e) => (e.key === key ? { ...e, delivery, ...(error ? { error } : {}) } : e));
}

/** The newest stored time: a catch-up reads what came after it. */
export function latestStoredAt(log: MessageLog): string | null {
  let latest: string | null = null;
  for (const e of log) if (e.message.id !== null && (latest === null || e.message.created_at > latest)) latest = e.message.created_at;
  return latest;
}
