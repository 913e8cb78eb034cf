// The activity feed: changes to the person's projects and tasks, newest first, each linking to
// its row in the data remote. Items come from realtime postgres_changes (RLS-checked by the
// server for this person) and, after a disconnect, from reading what changed meanwhile.
import { dataRowPath } from '../live-paths.js';

export type ActivityTable = 'tasks' | 'projects';
export type ActivityKind = 'added' | 'changed' | 'removed';

export interface ActivityItem {
  /** One per row version: a change heard live and read again by a catch-up shows once. */
  key: string;
  table: ActivityTable;
  kind: ActivityKind;
  rowId: number;
  /** The task's title or the project's name (empty for a removal: only the key is sent). */
  label: string;
  /** ISO time of the change. */
  at: string;
  link: string;
  /** Read by a catch-up after a disconnect, not heard live. */
  caughtUp: boolean;
}

/** The part of realtime-js's postgres_changes payload the feed reads. */
export interface ChangePayload {
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

const KINDS = { INSERT: 'added', UPDATE: 'changed', DELETE: 'removed' } as const;
export const FEED_LIMIT = 200;

function labelOf(table: ActivityTable, row: Record<string, unknown>): string {
  const value = table === 'tasks' ? row.title : row.name;
  return typeof value === 'string' ? value : '';
}

function item(table: ActivityTable, kind: ActivityKind, row: Record<string, unknown>, at: string, caughtUp: boolean): ActivityItem | null {
  const rowId = Number(row.id);
  if (!Number.isInteger(rowId)) return null;
  const version = typeof row.updated_at === 'string' ? row.updated_at : at;
  return { key: `${table}:${rowId}:${kind}:${version}`, table, kind, rowId, label: labelOf(table, row), at, link: dataRowPath(table, rowId), caughtUp };
}

export function itemFromChange(change: ChangePayload): ActivityItem | null {
  if (change.table !== 'tasks' && change.table !== 'projects') return null;
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  return item(change.table, KINDS[change.eventType], row, change.commit_timestamp, false);
}

/** Rows read after a disconnect: created since → added, else updated since → changed. */
export function itemsFromCatchUp(table: ActivityTable, rows: readonly Record<string, unknown>[], since: string): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const row of rows) {
    const created = typeof row.created_at === 'string' ? row.created_at : '';
    const updated = typeof row.updated_at === 'string' ? row.updated_at : created;
    const added = Date.parse(created) > Date.parse(since);
    const made = item(table, added ? 'added' : 'changed', row, added ? created : updated, true);
    if (made) items.push(made);
  }
  return items;
}

/** Newest first, each key once, at most FEED_LIMIT items. */
export function addItems(feed: readonly ActivityItem[], items: readonly ActivityItem[]): readonly ActivityItem[] {
  const keys = new Set(feed.map((i) => i.key));
  const fresh = items.filter((i) => !keys.has(i.key) && (keys.add(i.key), true));
  if (fresh.length === 0) return feed;
  return [...fresh, ...feed].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, FEED_LIMIT);
}
