// The activity feed: changes to the person's projects and tasks, newest first, each linking to
// its row in the data remote. Items come from realtime postgres_changes (RLS-checked by the
// server for this person) and, after a disconnect, from reading what changed meanwhile.
import { dataRowPath } from '../live-paths.js';

export type ActivityTable = 'tasks' | 'projects';
export type ActivityKind = 'added' | 'changed' | 'removed';

export interface ActivityItem {
  /**
   * What the item is, the same however it arrived (heard live or read by a catch-up), so it shows
   * once: table, primary key and kind, and for a change the row's version (its `updated_at`). A
   * row is added or removed once, so those need no version: a project heard live was keyed by its
   * commit time and read again by its `created_at`, and showed twice.
   */
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

/**
 * One spelling of a moment, to the microsecond: realtime and REST may write the same timestamptz
 * differently (`2026-01-01 10:00:00.1234+00` beside `2026-01-01T10:00:00.1234+00:00`), and
 * Date.parse would drop the microseconds that tell two quick updates apart.
 */
export function timeKey(value: string): string {
  const parts = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d(?::?\d\d)?)?$/i.exec(value.trim());
  if (!parts) return value;
  const [, date, clock, fraction = '', zone = 'Z'] = parts;
  const offset = /^[+-]\d\d$/.test(zone) ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const seconds = Date.parse(`${date}T${clock}${offset.toUpperCase()}`);
  return Number.isNaN(seconds) ? value : `${seconds / 1000}.${fraction.padEnd(6, '0').slice(0, 6)}`;
}

/** Whether `a` is after `b`, to the microsecond (Date.parse drops the microseconds). */
function after(a: string, b: string): boolean {
  const micros = (value: string) => {
    const key = /^(-?\d+)\.(\d{6})$/.exec(timeKey(value));
    return key ? Number(key[1]) * 1e6 + Number(key[2]) : Date.parse(value) * 1000;
  };
  return micros(a) > micros(b);
}

function item(table: ActivityTable, kind: ActivityKind, row: Record<string, unknown>, at: string, caughtUp: boolean): ActivityItem | null {
  const rowId = Number(row.id);
  if (!Number.isInteger(rowId)) return null;
  // A change is one per row version; only tasks have `updated_at`, and only live changes of a
  // project are heard (a catch-up reads created projects), so its commit time is its version.
  const version = kind === 'changed' ? `:${timeKey(typeof row.updated_at === 'string' ? row.updated_at : at)}` : '';
  return { key: `${table}:${rowId}:${kind}${version}`, table, kind, rowId, label: labelOf(table, row), at, link: dataRowPath(table, rowId), caughtUp };
}

export function itemFromChange(change: ChangePayload): ActivityItem | null {
  if (change.table !== 'tasks' && change.table !== 'projects') return null;
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  return item(change.table, KINDS[change.eventType], row, change.commit_timestamp, false);
}

/**
 * Rows read after a disconnect: created since → added, updated since → changed (at its
 * `updated_at`), both when a row was added and then changed while away, so each matches what
 * was, or would have been, heard live.
 */
export function itemsFromCatchUp(table: ActivityTable, rows: readonly Record<string, unknown>[], since: string): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const row of rows) {
    const created = typeof row.created_at === 'string' ? row.created_at : '';
    const updated = typeof row.updated_at === 'string' ? row.updated_at : created;
    // To the microsecond, as the read's `gt` compares: a row created within the millisecond
    // after `since` is an addition, and read as a change it showed beside its addition heard live.
    const added = after(created, since);
    const changed = !added || timeKey(updated) !== timeKey(created);
    const made = [added ? item(table, 'added', row, created, true) : null, changed ? item(table, 'changed', row, updated, true) : null];
    for (const one of made) if (one) items.push(one);
  }
  return items;
}

/**
 * A catch-up's rows into the feed, and how many of the `total` rows that changed in the gap are
 * not listed: a catch-up reads the newest FEED_LIMIT of each table (the feed keeps no more), and
 * the feed keeps its newest FEED_LIMIT items of all.
 */
export function addCatchUp(feed: readonly ActivityItem[], caught: readonly ActivityItem[], total: number): { items: readonly ActivityItem[]; unlisted: number } {
  const items = addItems(feed, caught);
  const listed = new Set(items.map((i) => i.key));
  // Rows, not items: a row added and then changed while away is one of the `total` rows.
  const rows = new Set(caught.filter((i) => listed.has(i.key)).map((i) => `${i.table}:${i.rowId}`));
  return { items, unlisted: Math.max(0, total - rows.size) };
}

/** What one catch-up's answer left out: the gap it read (after `since`, up to `until`). */
export interface GapCount {
  since: string;
  until: string;
  unlisted: number;
}

/**
 * The gaps answered so far with a catch-up's answer (one answer per gap read: a second answer of
 * the same gap adds nothing).
 */
export function countGap(gaps: readonly GapCount[], answer: GapCount): readonly GapCount[] {
  if (gaps.some((gap) => gap.since === answer.since && gap.until === answer.until)) return gaps;
  return [...gaps, answer];
}

/**
 * The changes made while away that the feed does not list, each stretch of time counted once.
 * A catch-up reads from where the feed was complete, which is the first join or the `until` of
 * an answered gap, so the gap reaching furthest and its predecessors (each ending where the next
 * starts) cover the whole time away, without overlap. Answers overlapping them (a "Try again"
 * racing a reconnect's, both from one moment; an older catch-up answering after a later gap was
 * counted) add nothing: adding them counted the overlap twice.
 */
export function unlistedOf(gaps: readonly GapCount[]): number {
  const earliest = (candidates: readonly GapCount[]) => candidates.reduce<GapCount | undefined>((best, gap) => (!best || gap.since < best.since ? gap : best), undefined);
  const furthest = gaps.reduce((max, gap) => (gap.until > max ? gap.until : max), '');
  let sum = 0;
  for (let gap = earliest(gaps.filter((g) => g.until === furthest)); gap; ) {
    sum += gap.unlisted;
    const since = gap.since;
    gap = earliest(gaps.filter((g) => g.until === since && g.since < since));
  }
  return sum;
}

/** Newest first, each key once, at most FEED_LIMIT items. */
export function addItems(feed: readonly ActivityItem[], items: readonly ActivityItem[]): readonly ActivityItem[] {
  const keys = new Set(feed.map((i) => i.key));
  const fresh = items.filter((i) => !keys.has(i.key) && (keys.add(i.key), true));
  if (fresh.length === 0) return feed;
  return [...fresh, ...feed].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, FEED_LIMIT);
}
