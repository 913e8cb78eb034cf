// Parse tree + schema cache → a checked plan: every column exists (42703), every embed is one
// relationship (PGRST200/201), every filter/order/limit addresses an embedded level (PGRST108),
// every cast is a known type (42704). The SQL builders trust a plan and never see request text
// they did not get through here.
import { requestErrors, schemaErrors } from '../errors.js';
import type {
  AggregateName,
  Condition,
  EmbedItem,
  Field,
  Filter,
  JsonStep,
  LevelModifiers,
  LogicTree,
  OrderTerm,
  ParsedQuery,
  SelectItem,
} from '../parse/types.js';
import {
  outputColumn,
  type Column,
  type Relation,
  type Relationship,
  type RoutineInfo,
  type SchemaCache,
} from '../schema/model.js';
import { resolveCast } from './casts.js';
import { findRelationship, relationshipIsToOne } from './relationships.js';
import { missingColumnHint } from './suggest.js';

/** A resolved column reference with its optional JSON path. */
export interface ColumnRef {
  column: Column;
  jsonPath: JsonStep[];
  /** Set for a computed field: the function to call with the row of `relation`. */
  computed?: { routine: RoutineInfo; relation: Relation };
}

export type PlannedItem =
  | {
      kind: 'column';
      key: string;
      ref: ColumnRef;
      /** SQL type name (from the catalog) for `::cast`. */
      cast?: string;
      aggregate?: AggregateName;
      aggregateCast?: string;
      /** Set on an aggregate of a to-one spread: this level selects its input, a level up applies it. */
      hoisted?: boolean;
    }
  | { kind: 'count'; key: string; cast?: string; hoisted?: boolean }
  | { kind: 'embed'; embed: EmbedPlan };

/** An aggregate a to-one spread hands to the level it is spread into. */
export interface HoistedAggregate {
  /** `count` also stands for `count()`, whose input is 1 for a matched row. */
  aggregate: AggregateName;
  cast?: string;
}

export type PlannedCondition =
  | { kind: 'filter'; ref: ColumnRef; filter: Filter }
  | { kind: 'logic'; operator: 'and' | 'or'; negated: boolean; children: PlannedCondition[] }
  /** `author=is.null` / `author=not.is.null` on an embedded resource. */
  | { kind: 'embedded'; embed: EmbedPlan; present: boolean };

export interface PlannedOrder {
  ref: ColumnRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
  /** Set when ordering by a column of an embedded to-one resource. */
  embed?: EmbedPlan;
}

export interface ReadLevel {
  /** The relation read, or null for a function result without a table type. */
  relation: Relation | null;
  /** Name used in "column x.y does not exist". */
  displayName: string;
  columns: Map<string, Column>;
  items: PlannedItem[];
  conditions: PlannedCondition[];
  order: PlannedOrder[];
  limit?: number;
  offset?: number;
  embeds: EmbedPlan[];
  /** Aggregates present: the other items are grouped by. */
  grouped: boolean;
}

export interface EmbedPlan {
  /** The key in the parent's JSON (alias or name). */
  key: string;
  relationship: Relationship;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** `rel()`: joined but not shown. */
  hidden: boolean;
  level: ReadLevel;
  /** Order terms of the parent that read this embed's columns. */
  orderRefs: ColumnRef[];
  /** PostgREST's relAggAlias: `<parent>_<name>_<depth>`. */
  lateral: string;
  /**
   * For a to-one spread: the aggregates of its keys, applied by the level it is spread into
   * (PostgREST's hoistSpreadAggFunctions), so `...rel(col.sum())` sums over the parent's groups
   * instead of over the one joined row.
   */
  hoisted: Map<string, HoistedAggregate>;
}

export interface ReadSource {
  relation: Relation | null;
  displayName: string;
  /**
   * The name PostgREST's statement gives the relation, which Postgres' 42703 names: the table
   * at the root, `<table>_<depth>` for an embed (its fromAlias), the lateral's name for a to-one
   * embed's column in `order`. Defaults to displayName.
   */
  alias?: string;
  columns: Map<string, Column>;
}

export function sourceOfRelation(relation: Relation): ReadSource {
  return { relation, displayName: relation.name, columns: relation.columnsByName };
}

interface PlanContext {
  cache: SchemaCache;
  levels: Map<string, LevelModifiers>;
  used: Set<string>;
}

/**
 * Plans a read of `source` with `query`. Modifiers addressed to paths that name no embed
 * raise PGRST108.
 */
export function planRead(
  cache: SchemaCache,
  source: ReadSource,
  query: Pick<ParsedQuery, 'select' | 'levels'>,
): ReadLevel {
  const context: PlanContext = { cache, levels: query.levels, used: new Set() };
  const root = planLevel(context, source, query.select, [], false);
  for (const path of query.levels.keys()) {
    if (!context.used.has(path)) throw requestErrors.notEmbedded(path);
  }
  return root;
}

/**
 * A column of the source, or else one of its computed fields (PostgREST writes `tbl.name`,
 * which Postgres reads as a column first, then as `name(tbl)`).
 */
function resolveColumn(source: ReadSource, field: Field): ColumnRef {
  const column = source.columns.get(field.name);
  const routine = source.relation?.computedFields.get(field.name);
  if (!column && routine && source.relation && routine.result.kind === 'scalar') {
    const { type, typeOid } = routine.result;
    return {
      column: outputColumn(field.name, 0, typeOid, type),
      jsonPath: field.jsonPath,
      computed: { routine, relation: source.relation },
    };
  }
  if (!column) {
    const alias = source.alias ?? source.displayName;
    throw schemaErrors.undefinedColumn(
      alias,
      field.name,
      missingColumnHint(alias, field.name, source.columns.keys()),
    );
  }
  return { column, jsonPath: field.jsonPath };
}

/** PostgREST's key for an unaliased JSON path: its last key (an index falls back to the last name). */
function defaultKey(field: Field): string {
  for (let i = field.jsonPath.length - 1; i >= 0; i--) {
    const key = field.jsonPath[i]!.key;
    if (typeof key === 'string') return key;
  }
  return field.name;
}

function planLevel(
  context: PlanContext,
  source: ReadSource,
  select: SelectItem[],
  path: string[],
  isEmbedded: boolean,
): ReadLevel {
  const level: ReadLevel = {
    relation: source.relation,
    displayName: source.displayName,
    columns: source.columns,
    items: [],
    conditions: [],
    order: [],
    embeds: [],
    grouped: false,
  };
  const embedsByPathName = new Map<string, EmbedPlan>();
  const laterals = new Set<string>();

  for (const item of select) {
    switch (item.kind) {
      case 'star':
        for (const column of source.columns.values()) {
          level.items.push({ kind: 'column', key: column.name, ref: { column, jsonPath: [] } });
        }
        break;
      case 'count':
        level.items.push({
          kind: 'count',
          key: item.alias ?? 'count',
          ...(item.cast !== undefined && { cast: resolveCast(context.cache, item.cast) }),
        });
        break;
      case 'field': {
        // Legacy `rel(count)`: a `count` field where the relation has no such column.
        if (
          isEmbedded &&
          item.field.name === 'count' &&
          !item.field.jsonPath.length &&
          !source.columns.has('count') &&
          !item.aggregate
        ) {
          level.items.push({
            kind: 'count',
            key: item.alias ?? 'count',
            ...(item.cast !== undefined && { cast: resolveCast(context.cache, item.cast) }),
          });
          break;
        }
        const ref = resolveColumn(source, item.field);
        level.items.push({
          kind: 'column',
          key:
            item.alias ??
            (item.aggregate && !item.field.jsonPath.length
              ? item.aggregate
              : defaultKey(item.field)),
          ref,
          ...(item.cast !== undefined && { cast: resolveCast(context.cache, item.cast) }),
          ...(item.aggregate !== undefined && { aggregate: item.aggregate }),
          ...(item.aggregateCast !== undefined && {
            aggregateCast: resolveCast(context.cache, item.aggregateCast),
          }),
        });
        break;
      }
      case 'embed': {
        const lateral = lateralName(source, item, path);
        if (laterals.has(lateral)) throw schemaErrors.duplicateTableName(lateral);
        laterals.add(lateral);
        const embed = planEmbed(context, source, item, path, lateral);
        level.embeds.push(embed);
        level.items.push({ kind: 'embed', embed });
        embedsByPathName.set(item.alias ?? item.name, embed);
        if (item.alias !== undefined && !embedsByPathName.has(item.name))
          embedsByPathName.set(item.name, embed);
        break;
      }
    }
  }
  for (const embed of level.embeds) {
    if (embed.spread && embed.toOne) embed.hoisted = hoistAggregates(embed.level);
  }
  level.grouped =
    level.items.some(
      (i) =>
        (i.kind === 'count' || (i.kind === 'column' && i.aggregate !== undefined)) && !i.hoisted,
    ) || level.embeds.some((e) => e.hoisted.size > 0);

  const modifiers = context.levels.get(path.join('.'));
  if (modifiers) {
    context.used.add(path.join('.'));
    level.conditions = modifiers.conditions.map((c) =>
      planCondition(source, c, embedsByPathName, true),
    );
    level.order = modifiers.order.map((term) => planOrder(source, term, embedsByPathName, path));
    if (modifiers.limit !== undefined) level.limit = modifiers.limit;
    if (modifiers.offset !== undefined) level.offset = modifiers.offset;
  }
  return level;
}

/** Postgres keeps the first 63 bytes of an identifier. */
const MAX_IDENTIFIER_BYTES = 63;

/** The alias PostgREST gives an embed's lateral join (its relAggAlias), as Postgres keeps it. */
function lateralName(source: ReadSource, item: EmbedItem, path: string[]): string {
  const name = `${source.relation?.name ?? source.displayName}_${item.alias ?? item.name}_${path.length + 1}`;
  let kept = '';
  for (const character of name) {
    if (Buffer.byteLength(kept + character) > MAX_IDENTIFIER_BYTES) break;
    kept += character;
  }
  return kept;
}

function planEmbed(
  context: PlanContext,
  source: ReadSource,
  item: EmbedItem,
  path: string[],
  lateral: string,
): EmbedPlan {
  if (!source.relation) {
    throw schemaErrors.noRelationship(
      source.displayName,
      item.name,
      context.cache.schemas[0] ?? 'public',
      item.hint,
      null,
    );
  }
  const relationship = findRelationship(context.cache, source.relation, item.name, item.hint);
  const key = item.alias ?? item.name;
  const childPath = [...path, key];
  // Modifiers may address the embed by alias or by name.
  if (item.alias !== undefined && !context.levels.has(childPath.join('.'))) {
    const byName = [...path, item.name].join('.');
    const modifiers = context.levels.get(byName);
    if (modifiers) {
      context.levels.set(childPath.join('.'), modifiers);
      context.used.add(byName);
    }
  }
  const target = relationship.target;
  // PostgREST's addRels: an embed reads `<table>_<depth>`, except many-to-many (its junction join
  // reads the table by name).
  const alias = relationship.junction ? target.name : `${target.name}_${childPath.length}`;
  const level = planLevel(
    context,
    { relation: target, displayName: target.name, alias, columns: target.columnsByName },
    item.select,
    childPath,
    true,
  );
  const toOne = relationshipIsToOne(relationship);
  if (item.spread && !toOne && level.grouped) {
    // PostgREST 13–14 spread to-many rows into arrays per column and refuse aggregates there.
    throw requestErrors.notImplemented(
      'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    );
  }
  return {
    key,
    relationship,
    toOne,
    inner: item.join === 'inner',
    spread: item.spread,
    hidden: item.select.length === 0,
    level,
    orderRefs: [],
    lateral,
    hoisted: new Map(),
  };
}

/**
 * Takes the aggregates out of a to-one spread's level (its own and those its own to-one
 * spreads handed up): the level then selects their inputs ungrouped and the level it is spread
 * into applies them.
 */
function hoistAggregates(level: ReadLevel): Map<string, HoistedAggregate> {
  const hoisted = new Map<string, HoistedAggregate>();
  for (const item of level.items) {
    if (item.kind === 'count') {
      item.hoisted = true;
      hoisted.set(item.key, {
        aggregate: 'count',
        ...(item.cast !== undefined && { cast: item.cast }),
      });
    } else if (item.kind === 'column' && item.aggregate !== undefined) {
      item.hoisted = true;
      hoisted.set(item.key, {
        aggregate: item.aggregate,
        ...(item.aggregateCast !== undefined && { cast: item.aggregateCast }),
      });
    } else if (item.kind === 'embed') {
      for (const [key, aggregate] of item.embed.hoisted) hoisted.set(key, aggregate);
    }
  }
  level.grouped = false;
  return hoisted;
}

function planCondition(
  source: ReadSource,
  condition: Condition,
  embeds: Map<string, EmbedPlan>,
  topLevel: boolean,
): PlannedCondition {
  if (condition.kind === 'logic') return planLogic(source, condition, embeds);
  const embed = embeds.get(condition.field.name);
  if (
    topLevel &&
    embed &&
    !condition.field.jsonPath.length &&
    !source.columns.has(condition.field.name)
  ) {
    const { operation, negated } = condition;
    if (operation.op !== 'is' || (operation.value !== 'null' && operation.value !== 'not_null')) {
      throw requestErrors.embedFilter(embed.key);
    }
    const isNull = operation.value === 'null';
    return { kind: 'embedded', embed, present: negated ? isNull : !isNull };
  }
  return { kind: 'filter', ref: resolveColumn(source, condition.field), filter: condition };
}

function planLogic(
  source: ReadSource,
  tree: LogicTree,
  embeds: Map<string, EmbedPlan>,
): PlannedCondition {
  return {
    kind: 'logic',
    operator: tree.operator,
    negated: tree.negated,
    children: tree.children.map((child) => planCondition(source, child, embeds, false)),
  };
}

function planOrder(
  source: ReadSource,
  term: OrderTerm,
  embeds: Map<string, EmbedPlan>,
  path: string[],
): PlannedOrder {
  const base = {
    ...(term.direction !== undefined && { direction: term.direction }),
    ...(term.nulls !== undefined && { nulls: term.nulls }),
  };
  if (term.relation === undefined) return { ...base, ref: resolveColumn(source, term.field) };
  const embed = embeds.get(term.relation);
  if (!embed) throw requestErrors.notEmbedded([...path, term.relation].join('.'));
  if (!embed.toOne) throw requestErrors.relatedOrder(source.displayName, term.relation);
  // PostgREST orders by "<lateral>"."<name>" (addRelatedOrders): the lateral exposes only what
  // the embed selects, under its output names, so a column it does not select is Postgres'
  // 42703 on the lateral, with a hint drawn from those names.
  const visible = outputKeys(embed.level);
  if (!visible.includes(term.field.name)) {
    throw schemaErrors.undefinedColumn(
      embed.lateral,
      term.field.name,
      missingColumnHint(embed.lateral, term.field.name, visible),
    );
  }
  const selected = embed.level.items.find(
    (item) => item.kind === 'column' && item.key === term.field.name,
  );
  if (
    selected?.kind === 'column' &&
    selected.aggregate === undefined &&
    selected.cast === undefined &&
    selected.ref.jsonPath.length === 0
  ) {
    const ref: ColumnRef = { ...selected.ref, jsonPath: term.field.jsonPath };
    embed.orderRefs.push(ref);
    return { ...base, ref, embed };
  }
  const target = embed.relationship.target;
  const ref = resolveColumn(
    {
      relation: target,
      displayName: target.name,
      alias: embed.lateral,
      columns: target.columnsByName,
    },
    term.field,
  );
  embed.orderRefs.push(ref);
  return { ...base, ref, embed };
}

/** The keys of a level's JSON objects, in order (spreads lifted). */
export function outputKeys(level: ReadLevel): string[] {
  const keys: string[] = [];
  for (const item of level.items) {
    if (item.kind !== 'embed') keys.push(item.key);
    else if (item.embed.hidden) continue;
    else if (item.embed.spread) keys.push(...outputKeys(item.embed.level));
    else keys.push(item.embed.key);
  }
  return keys;
}
