// Delivers one captured change to the subscriptions it matches, each subscriber seeing it
// only if its own JWT may. For each distinct set of claims, Postgres is asked as that
// subscriber (role, request.jwt.claims … set as `withClaims` sets them) whether the row is
// selectable under RLS and which columns the role may select; filters are evaluated on the
// changed row. All of it is one statement per change, however many subscribers there are.
import {
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

interface Group {
  claims: JwtClaims;
  subscriptions: Subscription[];
}

/**
 * The settings that make a transaction each group's subscriber. Every group sets every
 * name any group uses (blank where it has none), so nothing leaks from one subscriber to
 * the next.
 */
function settingsPerGroup(groups: Group[]): [string, string][][] {
  const perGroup = groups.map((group) => claimSettings({ claims: group.claims }));
  const allNames = new Set(perGroup.flatMap((settings) => settings.map(([name]) => name)));
  return perGroup.map((settings) => {
    const names = new Set(settings.map(([name]) => name));
    return [
      ...settings,
      ...[...allNames]
        .filter((name) => !names.has(name))
        .map((name): [string, string] => [name, '']),
    ];
  });
}

/** One statement judges the change for every group: visibility and columns per subscriber, filters per subscription. */
async function judge(
  tx: Queryable,
  change: CapturedChange,
  groups: Group[],
): Promise<GroupVerdict[]> {
  const entity = `${quoteIdentifier(change.schema)}.${quoteIdentifier(change.table)}`;
  const filterRecord = change.type === 'DELETE' ? deliveredOldRecord(change) : change.record;
  const params: unknown[] = [
    entity,
    change.type,
    JSON.stringify(change.record ?? {}),
    JSON.stringify(filterRecord ?? {}),
    JSON.stringify(settingsPerGroup(groups)),
  ];
  const filters = groups.flatMap((group, g) =>
    group.subscriptions.map((s, i) => `, ${buildFilterSql(s.conditions, params)} as f${g}_${i}`),
  );
  const result = await tx.query<Record<string, unknown>>(
    `select (select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('visible', v.visible, 'columns', v.columns) order by g.ord)
               from pg_catalog.jsonb_array_elements($5::jsonb) with ordinality as g(settings, ord)
               cross join lateral realtime.judge_as(g.settings, $1::regclass, $2, $3::jsonb) v) as verdicts
            ${filters.join('')}
       from pg_catalog.jsonb_populate_record(null::${entity}, $4::jsonb) r`,
    params,
  );
  const row = result.rows[0] ?? {};
  const raw = typeof row.verdicts === 'string' ? JSON.parse(row.verdicts) : row.verdicts;
  const verdicts = (raw ?? []) as { visible: boolean; columns: GroupVerdict['columns'] | null }[];
  return groups.map((group, g) => ({
    visible: verdicts[g]?.visible === true,
    columns: verdicts[g]?.columns ?? [],
    matches: group.subscriptions.map((_, i) => row[`f${g}_${i}`] === true),
  }));
}

function groupByClaims(subscriptions: Subscription[]): Map<string, Group> {
  const groups = new Map<string, Group>();
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

function buildData(
  change: CapturedChange,
  verdict: GroupVerdict,
  select: string[] | null,
): ChangeData {
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

/** What became of a change for one subscription (the console shows it as the realtime verdict). */
export type DeliveryOutcome =
  | 'delivered'
  /** The row is not selectable as the subscriber (RLS, or no SELECT grant). */
  | 'hidden-by-rls'
  /** The subscription's filter did not match the row. */
  | 'filtered-out'
  /** The filter names a column the role may not select: it never matches. */
  | 'filter-column-hidden'
  /** Postgres refused the check (a policy that raised, say): nothing was sent. */
  | 'check-failed';

export interface SubscriptionOutcome {
  subscription: Subscription;
  outcome: DeliveryOutcome;
  /** Why a check failed, as Postgres said it. */
  detail: string | null;
}

function sendVerdict(
  change: CapturedChange,
  subscriptions: Subscription[],
  verdict: GroupVerdict,
): SubscriptionOutcome[] {
  if (!verdict.visible) {
    return subscriptions.map((subscription) => ({ subscription, outcome: 'hidden-by-rls', detail: null }));
  }
  const selectable = new Set(verdict.columns.map((c) => c.name));
  const outcomes: SubscriptionOutcome[] = [];
  // Per subscriber and `select` list: one message carrying every matching binding id.
  const outgoing = new Map<
    string,
    { subscriber: ChangeSubscriber; select: string[] | null; ids: number[] }
  >();
  subscriptions.forEach((subscription, i) => {
    if (!verdict.matches[i]) {
      outcomes.push({ subscription, outcome: 'filtered-out', detail: null });
      return;
    }
    // A filter on a column the role may not select would leak that column: never matches.
    if (subscription.conditions.some((c) => !selectable.has(c.column))) {
      outcomes.push({ subscription, outcome: 'filter-column-hidden', detail: null });
      return;
    }
    outcomes.push({ subscription, outcome: 'delivered', detail: null });
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
  return outcomes;
}

/**
 * One statement for the whole change in the common case; if any subscriber's check fails
 * (a policy that raises, say), each group is judged alone so the others still get it.
 * Returns what became of the change for each subscription.
 */
export async function deliverChange(
  db: Database,
  change: CapturedChange,
  subscriptions: Subscription[],
  warn: (line: string) => void,
): Promise<SubscriptionOutcome[]> {
  const groups = [...groupByClaims(subscriptions).values()];
  const failed = (group: Group, message: string): SubscriptionOutcome[] =>
    group.subscriptions.map((subscription) => ({ subscription, outcome: 'check-failed', detail: message }));
  try {
    const verdicts = await db.transaction((tx) => judge(tx, change, groups));
    return groups.flatMap((group, i) => sendVerdict(change, group.subscriptions, verdicts[i]!));
  } catch (error) {
    if (!isPostgresError(error) || groups.length === 1) {
      if (!isPostgresError(error)) throw error;
      warn(
        `realtime: ${change.type} on ${change.schema}.${change.table} not delivered: ${error.message}`,
      );
      return groups.flatMap((group) => failed(group, error.message));
    }
    const outcomes: SubscriptionOutcome[] = [];
    for (const group of groups) {
      try {
        const [verdict] = await db.transaction((tx) => judge(tx, change, [group]));
        outcomes.push(...sendVerdict(change, group.subscriptions, verdict!));
      } catch (groupError) {
        if (!isPostgresError(groupError)) throw groupError;
        warn(
          `realtime: ${change.type} on ${change.schema}.${change.table} not delivered to role ` +
            `${String(group.claims.role)}: ${groupError.message}`,
        );
        outcomes.push(...failed(group, groupError.message));
      }
    }
    return outcomes;
  }
}
