// Delivers one captured change to the subscriptions it matches, each subscriber seeing it
// only if its own JWT may: per distinct set of claims, one query runs as that role
// (`withClaims` semantics: role, request.jwt.claims …) and asks Postgres whether the row is
// selectable under RLS, which columns the role may select, and which filters match.
import {
  buildSetConfigSql,
  claimSettings,
  isPostgresError,
  type Database,
  type Queryable,
} from '../../db/database.js';
import type { JwtClaims } from '../../keys.js';
import { buildFilterSql, quoteIdentifier } from './filter.js';
import type { ChangeData, ChangeEvent, ChangeSubscriber, Subscription } from './subscriptions.js';

/** What the capture trigger notifies (realtime/schema.sql `realtime.capture_change`). */
export interface CapturedChange {
  schema: string;
  table: string;
  type: ChangeEvent;
  commit_timestamp: string;
  primary_key: string[];
  rls: boolean;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

interface GroupVerdict {
  visible: boolean;
  columns: { name: string; type: string }[];
  matches: boolean[];
}

function pick(record: Record<string, unknown>, names: Set<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) if (names.has(name)) picked[name] = value;
  return picked;
}

/** Supabase: with RLS on, old records carry only the primary key, whatever the replica identity. */
function deliveredOldRecord(change: CapturedChange): Record<string, unknown> | null {
  if (!change.old_record) return null;
  return change.rls ? pick(change.old_record, new Set(change.primary_key)) : change.old_record;
}

/**
 * Several subscribers are judged in one transaction, so settings the previous one had and
 * this one lacks (a legacy `request.jwt.claim.sub`, say) are blanked, never inherited.
 */
function settingsFor(claims: JwtClaims, inTransaction: Set<string>): [string, string][] {
  const settings = claimSettings({ claims });
  const names = new Set(settings.map(([name]) => name));
  for (const name of inTransaction) if (!names.has(name)) settings.push([name, '']);
  for (const name of names) inTransaction.add(name);
  return settings;
}

async function judgeGroup(
  tx: Queryable,
  change: CapturedChange,
  claims: JwtClaims,
  subscriptions: Subscription[],
  inTransaction = new Set<string>(),
): Promise<GroupVerdict> {
  const settings = buildSetConfigSql(settingsFor(claims, inTransaction));
  await tx.query(settings.sql, settings.params);
  const entity = `${quoteIdentifier(change.schema)}.${quoteIdentifier(change.table)}`;
  const filterRecord = change.type === 'DELETE' ? deliveredOldRecord(change) : change.record;
  const params: unknown[] = [entity, change.type, JSON.stringify(change.record ?? {}), JSON.stringify(filterRecord ?? {})];
  const filters = subscriptions.map((s, i) => `${buildFilterSql(s.conditions, params)} as f${i}`);
  const result = await tx.query<Record<string, unknown>>(
    `select realtime.change_visible($1::regclass, $2, $3::jsonb) as visible,
            realtime.selectable_columns($1::regclass) as columns
            ${filters.map((f) => `, ${f}`).join('')}
       from pg_catalog.jsonb_populate_record(null::${entity}, $4::jsonb) r`,
    params,
  );
  const row = result.rows[0] ?? {};
  const columns = (typeof row.columns === 'string' ? JSON.parse(row.columns) : row.columns) as GroupVerdict['columns'];
  return {
    visible: row.visible === true,
    columns: columns ?? [],
    matches: subscriptions.map((_, i) => row[`f${i}`] === true),
  };
}

function groupByClaims(subscriptions: Subscription[]): Map<string, { claims: JwtClaims; subscriptions: Subscription[] }> {
  const groups = new Map<string, { claims: JwtClaims; subscriptions: Subscription[] }>();
  for (const subscription of subscriptions) {
    const claims = subscription.subscriber.claims();
    const key = JSON.stringify(claims);
    let group = groups.get(key);
    if (!group) {
      group = { claims, subscriptions: [] };
      groups.set(key, group);
    }
    group.subscriptions.push(subscription);
  }
  return groups;
}

function buildData(change: CapturedChange, verdict: GroupVerdict, select: string[] | null): ChangeData {
  const allowed = new Set(verdict.columns.map((c) => c.name));
  if (select) for (const name of [...allowed]) if (!select.includes(name)) allowed.delete(name);
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: verdict.columns.filter((c) => allowed.has(c.name)),
    errors: null,
  };
  if (change.type !== 'DELETE') data.record = pick(change.record ?? {}, allowed);
  if (change.type !== 'INSERT') data.old_record = pick(deliveredOldRecord(change) ?? {}, allowed);
  return data;
}

function sendVerdict(change: CapturedChange, subscriptions: Subscription[], verdict: GroupVerdict): void {
  if (!verdict.visible) return;
  const selectable = new Set(verdict.columns.map((c) => c.name));
  // Per subscriber and `select` list: one message carrying every matching binding id.
  const outgoing = new Map<string, { subscriber: ChangeSubscriber; select: string[] | null; ids: number[] }>();
  subscriptions.forEach((subscription, i) => {
    if (!verdict.matches[i]) return;
    // A filter on a column the role may not select would leak that column: never matches.
    if (subscription.conditions.some((c) => !selectable.has(c.column))) return;
    const key = `${subscription.subscriber.id}\u0000${JSON.stringify(subscription.select)}`;
    let entry = outgoing.get(key);
    if (!entry) {
      entry = { subscriber: subscription.subscriber, select: subscription.select, ids: [] };
      outgoing.set(key, entry);
    }
    if (!entry.ids.includes(subscription.id)) entry.ids.push(subscription.id);
  });
  for (const { subscriber, select, ids } of outgoing.values()) {
    subscriber.deliverChange(ids, buildData(change, verdict, select));
  }
}

/**
 * One transaction for the whole change in the common case; if any subscriber's check fails
 * (a policy that raises, say), each group is retried alone so the others still get it.
 */
export async function deliverChange(
  db: Database,
  change: CapturedChange,
  subscriptions: Subscription[],
  log: (line: string) => void,
): Promise<void> {
  const groups = [...groupByClaims(subscriptions).values()];
  try {
    const verdicts = await db.transaction(async (tx) => {
      const out: GroupVerdict[] = [];
      const inTransaction = new Set<string>();
      for (const group of groups) out.push(await judgeGroup(tx, change, group.claims, group.subscriptions, inTransaction));
      return out;
    });
    groups.forEach((group, i) => sendVerdict(change, group.subscriptions, verdicts[i]!));
  } catch (error) {
    if (!isPostgresError(error)) throw error;
    for (const group of groups) {
      try {
        const verdict = await db.transaction((tx) => judgeGroup(tx, change, group.claims, group.subscriptions));
        sendVerdict(change, group.subscriptions, verdict);
      } catch (groupError) {
        if (!isPostgresError(groupError)) throw groupError;
        log(
          `realtime: ${change.type} on ${change.schema}.${change.table} not delivered to role ` +
            `${String(group.claims.role)}: ${groupError.message}`,
        );
      }
    }
  }
}
