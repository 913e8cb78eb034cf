// A room's messages as the screen shows them: the stored rows (history, catch-ups, changes heard
// live, each row once, its newest version kept: an edit or a deletion replaces it) and how far
// each of this person's own messages got. What is still in the outbox is added by the page. Pure,
// so the merge rules are tested alone.
import type { Tables } from '@portal/platform/database';
import * as z from 'zod/mini';
import { onFirstUse } from '../first-use.js';

export const MESSAGE_COLUMNS = 'id, project_id, author_id, body, created_at, client_id, edited_at, deleted_at, mentions';

/** A row of public.messages, as read and as realtime sends it. */
export type StoredMessage = Pick<
  Tables<'messages'>,
  'id' | 'project_id' | 'author_id' | 'body' | 'created_at' | 'client_id' | 'edited_at' | 'deleted_at' | 'mentions'
>;

/**
 * Checks a row a realtime change carries (typed by nobody: the table's shape, as the server sent
 * it). Made at its first use, not while the background's module runs (first-use.ts).
 */
export const storedMessageSchema = onFirstUse(
  () =>
    z.object({
      id: z.int(),
      project_id: z.int(),
      author_id: z.string(),
      body: z.string(),
      created_at: z.string(),
      client_id: z.nullable(z.string()),
      edited_at: z.nullable(z.string()),
      deleted_at: z.nullable(z.string()),
      mentions: z.array(z.string()),
    }) satisfies z.ZodMiniType<StoredMessage>,
);

/** `stored`: saved in the table; `delivered`: the room's change feed carried it back (everyone in the room got it). */
export type Delivery = 'stored' | 'delivered';

export interface LogEntry {
  key: string;
  message: StoredMessage;
  /** Only for this person's own messages sent from this tab. */
  delivery: Delivery | null;
}

export type MessageLog = readonly LogEntry[];

/**
 * A timestamp as microseconds since the epoch: REST and realtime both write Postgres' timestamptz,
 * but not necessarily with the same zone suffix or digits, so their strings are not compared.
 */
export function microsOf(at: string): number {
  const micros = /\.\d{3}(\d{1,3})/.exec(at)?.[1]?.padEnd(3, '0') ?? '000';
  return Date.parse(at) * 1000 + Number(micros);
}

/** When a row last changed: its deletion, else its last edit, else its creation. */
export const versionOf = (row: Pick<StoredMessage, 'created_at' | 'edited_at' | 'deleted_at'>): string => row.deleted_at ?? row.edited_at ?? row.created_at;

const byTime = (a: LogEntry, b: LogEntry) => microsOf(a.message.created_at) - microsOf(b.message.created_at) || a.message.id - b.message.id;

/**
 * Adds stored rows (history, a catch-up, a change heard live): a row already shown is replaced
 * only by a newer version of itself (an edit, a deletion), never by an older one that arrives late.
 */
export function addStored(log: MessageLog, rows: readonly StoredMessage[], delivery: Delivery | null = null): MessageLog {
  if (rows.length === 0) return log;
  const byId = new Map(log.map((entry) => [entry.message.id, entry]));
  let changed = false;
  for (const row of rows) {
    const shown = byId.get(row.id);
    if (!shown) {
      byId.set(row.id, { key: `m${row.id}`, message: row, delivery });
      changed = true;
      continue;
    }
    const newer = microsOf(versionOf(row)) > microsOf(versionOf(shown.message)) || (row.deleted_at !== null && shown.message.deleted_at === null);
    const better = delivery === 'delivered' && shown.delivery === 'stored';
    if (newer || better) {
      byId.set(row.id, { ...shown, message: newer ? row : shown.message, delivery: better ? delivery : shown.delivery });
      changed = true;
    }
  }
  return changed ? [...byId.values()].sort(byTime) : log;
}

/** The client ids of the rows shown (an outbox entry whose row is here is sent). */
export function clientIdsOf(log: MessageLog): ReadonlySet<string> {
  return new Set(log.map((entry) => entry.message.client_id).filter((id): id is string => id !== null));
}

/** The newest change shown (a creation, edit or deletion): a catch-up reads what changed from there. */
export function latestChangeAt(log: MessageLog): string | null {
  let latest: string | null = null;
  for (const entry of log) {
    const at = versionOf(entry.message);
    if (latest === null || microsOf(at) > microsOf(latest)) latest = at;
  }
  return latest;
}

/** The newest message (by creation) shown: the room is read through it. */
export function latestStoredAt(log: MessageLog): string | null {
  let latest: string | null = null;
  for (const entry of log) if (latest === null || microsOf(entry.message.created_at) > microsOf(latest)) latest = entry.message.created_at;
  return latest;
}
