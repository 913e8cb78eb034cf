// postgres_changes subscriptions: checked when a channel joins (the table must be in the
// `supabase_realtime` publication, filter columns must exist and values must fit their
// types, as Realtime checks them), then indexed by table so a change finds its subscribers
// without touching the database.
import { isPostgresError, type Database, type Queryable } from '../../db/database.js';
import type { JwtClaims } from '../../keys.js';
import {
  buildFilterSql,
  describeFilters,
  FilterParseError,
  parseFilter,
  quoteIdentifier,
  type FilterCondition,
} from './filter.js';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export type EventSelector = ChangeEvent | '*';

/** The `data` of a postgres_changes message (docs/compatibility.md#realtime-messages). */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeEvent;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: string[] | null;
}

/** The channel side of a subscription. */
export interface ChangeSubscriber {
  readonly id: string;
  /** The claims the channel currently runs as (they change with access_token updates). */
  claims(): JwtClaims;
  deliverChange(ids: number[], data: ChangeData): void;
}

export interface Subscription {
  /** The integer id the join reply and each change carry. */
  id: number;
  event: EventSelector;
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  conditions: FilterCondition[];
  select: string[] | null;
  subscriber: ChangeSubscriber;
}

export type SubscriptionSpec = Omit<Subscription, 'subscriber'>;

/** What the join reply echoes: the client's own params plus the id, in the client's order. */
export type BindingReply = Record<string, unknown> & { id: number };

const EVENTS: EventSelector[] = ['*', 'INSERT', 'UPDATE', 'DELETE'];

/** Realtime numbers bindings with `:erlang.phash2(params)`, an integer below 2^27; FNV-1a here. */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(params, Object.keys(params).sort());
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `[event: *, schema: public, table: todos, filters: [], select: nil]`, as Realtime prints params. */
function describeParams(raw: Record<string, unknown>, conditions: FilterCondition[]): string {
  const select = Array.isArray(raw.select)
    ? `[${raw.select.map((c) => JSON.stringify(c)).join(', ')}]`
    : 'nil';
  return `[event: ${text(raw.event) ?? 'nil'}, schema: ${text(raw.schema) ?? 'nil'}, table: ${text(raw.table) ?? '*'}, filters: ${describeFilters(conditions)}, select: ${select}]`;
}

function notEnabled(raw: Record<string, unknown>, conditions: FilterCondition[]): string {
  return (
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
    `connect parameters: ${describeParams(raw, conditions)}`
  );
}

function exception(
  raw: Record<string, unknown>,
  conditions: FilterCondition[],
  detail: string,
): string {
  return (
    'Unable to subscribe to changes with given parameters. An exception happened so please check your ' +
    `connect parameters: ${describeParams(raw, conditions)}. Exception: ${detail}`
  );
}

export interface ValidationResult {
  /** Echo for the join reply (every binding, valid or not, in the client's order). */
  reply: BindingReply[];
  /** Empty when `error` is set: one bad binding stops them all, as on Supabase. */
  specs: SubscriptionSpec[];
  error: string | null;
}

interface TableInfo {
  published: boolean;
  columns: string[];
}

async function tableInfo(tx: Queryable, schema: string, table: string): Promise<TableInfo | null> {
  const result = await tx.query<{ published: boolean; columns: string[] }>(
    `select exists (select 1 from pg_catalog.pg_publication_tables pt
                     where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname) as published,
            array(select a.attname::text from pg_catalog.pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  );
  return result.rows[0] ?? null;
}

/** Checks each binding; `null` entries in the client list are skipped as Realtime does. */
export async function validateBindings(db: Database, list: unknown[]): Promise<ValidationResult> {
  const reply: BindingReply[] = [];
  const specs: SubscriptionSpec[] = [];
  const pending: { raw: Record<string, unknown>; spec: SubscriptionSpec }[] = [];
  let error: string | null = null;
  for (const item of list) {
    if (item === null || item === undefined) continue;
    const raw =
      typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const id = bindingId(raw);
    reply.push({ ...raw, id });
    if (error) continue;
    let conditions: FilterCondition[] = [];
    try {
      conditions = parseFilter(text(raw.filter));
    } catch (parseError) {
      if (!(parseError instanceof FilterParseError)) throw parseError;
      error = exception(raw, [], `Error parsing \`filter\` params: ${parseError.message}`);
      continue;
    }
    const event = text(raw.event)?.toUpperCase() as EventSelector | undefined;
    const schema = text(raw.schema);
    if (!event || !EVENTS.includes(event) || !schema) {
      error = exception(
        raw,
        conditions,
        'a postgres_changes binding needs `event` (one of *, INSERT, UPDATE, DELETE) and `schema`',
      );
      continue;
    }
    const tableName = text(raw.table);
    const table = tableName && tableName !== '*' ? tableName : null;
    if (!table && conditions.length > 0) {
      error = exception(raw, conditions, 'a filter needs a `table`');
      continue;
    }
    const select = Array.isArray(raw.select)
      ? raw.select.filter((c): c is string => typeof c === 'string')
      : null;
    pending.push({ raw, spec: { id, event, schema, table, conditions, select } });
  }
  if (!error && pending.some((p) => p.spec.table)) {
    error = await db.transaction(async (tx) => {
      for (const { raw, spec } of pending) {
        if (!spec.table) continue;
        const info = await tableInfo(tx, spec.schema, spec.table);
        if (!info || !info.published) return notEnabled(raw, spec.conditions);
        const unknownColumn =
          spec.conditions.find((c) => !info.columns.includes(c.column))?.column ??
          spec.select?.find((c) => !info.columns.includes(c));
        if (unknownColumn) {
          return exception(
            raw,
            spec.conditions,
            `ERROR P0001 (raise_exception) invalid column for filter ${unknownColumn}`,
          );
        }
        if (spec.conditions.length > 0) {
          const params: unknown[] = [];
          const where = buildFilterSql(spec.conditions, params);
          try {
            await tx.query('savepoint realtime_filter_check');
            await tx.query(
              `select ${where} from pg_catalog.jsonb_populate_record(null::${quoteIdentifier(spec.schema)}.${quoteIdentifier(spec.table)}, '{}'::jsonb) r`,
              params,
            );
            await tx.query('release savepoint realtime_filter_check');
          } catch (queryError) {
            if (!isPostgresError(queryError)) throw queryError;
            await tx.query('rollback to savepoint realtime_filter_check');
            return exception(
              raw,
              spec.conditions,
              `ERROR ${queryError.code} ${queryError.message}`,
            );
          }
        }
      }
      return null;
    });
  }
  if (!error) specs.push(...pending.map((p) => p.spec));
  return { reply, specs, error };
}

/** Subscriptions by `schema.table` (and `schema.*` for schema-wide ones). */
export class SubscriptionRegistry {
  private readonly byTable = new Map<string, Set<Subscription>>();

  private static key(schema: string, table: string | null): string {
    return `${schema}\u0000${table ?? '*'}`;
  }

  add(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      const key = SubscriptionRegistry.key(subscription.schema, subscription.table);
      let set = this.byTable.get(key);
      if (!set) {
        set = new Set();
        this.byTable.set(key, set);
      }
      set.add(subscription);
    }
  }

  remove(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      const key = SubscriptionRegistry.key(subscription.schema, subscription.table);
      const set = this.byTable.get(key);
      set?.delete(subscription);
      if (set?.size === 0) this.byTable.delete(key);
    }
  }

  match(schema: string, table: string, type: ChangeEvent): Subscription[] {
    const found: Subscription[] = [];
    for (const key of [
      SubscriptionRegistry.key(schema, table),
      SubscriptionRegistry.key(schema, null),
    ]) {
      for (const subscription of this.byTable.get(key) ?? []) {
        if (subscription.event === '*' || subscription.event === type) found.push(subscription);
      }
    }
    return found;
  }

  get size(): number {
    let size = 0;
    for (const set of this.byTable.values()) size += set.size;
    return size;
  }
}
