// A planned read → one statement. Each level is a SELECT whose embeds are LEFT JOIN LATERAL
// subqueries returning JSON (to-one: `row_to_json`, to-many: `json_agg`), so a read with any
// number of embeds is one round trip and Postgres renders every value as PostgREST does.
// Every level exposes `pgrst_hit` so `!inner` and `rel=not.is.null` can test for a match.
import type {
  ColumnRef,
  EmbedPlan,
  PlannedItem,
  PlannedOrder,
  ReadLevel,
} from '../plan/read-plan.js';
import { outputKeys } from '../plan/read-plan.js';
import { columnExpression, conditionSql, type ConditionScope } from './conditions.js';
import { Aliases, ident, Params, qualifiedIdent } from './identifiers.js';

export interface Builder {
  params: Params;
  aliases: Aliases;
}

export function newBuilder(): Builder {
  return { params: new Params(), aliases: new Aliases() };
}

/** The pieces of one level's SELECT, kept apart so the count query can reuse them. */
export interface LevelParts {
  projection: string[];
  /** FROM items after the source: the embeds' lateral joins. */
  laterals: string[];
  /** Laterals the WHERE needs (inner joins and null tests on embeds). */
  filteringLaterals: string[];
  where: string[];
  groupBy: string[];
  orderBy: string[];
  limit: string;
  /** The embeds' lateral aliases, quoted as they appear in the SQL. */
  embedAliases: string[];
}

function orderHelper(embed: EmbedPlan, ref: ColumnRef): string {
  return `pgrst_o${embed.orderRefs.indexOf(ref)}`;
}

function itemSql(
  item: PlannedItem,
  alias: string,
  level: ReadLevel,
  embedAliases: Map<EmbedPlan, string>,
  builder: Builder,
): { select: string[]; group: string[] } {
  switch (item.kind) {
    case 'count': {
      // Hoisted: a matched row counts once where the parent applies `count`.
      if (item.hoisted) return { select: [`1 as ${ident(item.key)}`], group: [] };
      const count = item.cast ? `cast(count(*) as ${item.cast})` : 'count(*)';
      return { select: [`${count} as ${ident(item.key)}`], group: [] };
    }
    case 'column': {
      let expression = columnExpression(alias, item.ref, builder.params);
      if (item.cast) expression = `cast(${expression} as ${item.cast})`;
      if (item.hoisted) return { select: [`${expression} as ${ident(item.key)}`], group: [] };
      if (!item.aggregate)
        return { select: [`${expression} as ${ident(item.key)}`], group: [expression] };
      let aggregate = `${item.aggregate}(${expression})`;
      if (item.aggregateCast) aggregate = `cast(${aggregate} as ${item.aggregateCast})`;
      return { select: [`${aggregate} as ${ident(item.key)}`], group: [] };
    }
    case 'embed': {
      const { embed } = item;
      if (embed.hidden) return { select: [], group: [] };
      const lateral = ident(embedAliases.get(embed)!);
      if (embed.spread) {
        const select: string[] = [];
        const group: string[] = [];
        for (const key of outputKeys(embed.level)) {
          const value = `${lateral}.${ident(key)}`;
          const hoisted = embed.hoisted.get(key);
          if (hoisted) {
            // Applied here when this level groups; a to-one spread passes the input on up.
            if (!level.grouped) {
              select.push(`${value} as ${ident(key)}`);
              continue;
            }
            const applied = `${hoisted.aggregate}(${value})`;
            select.push(
              `${hoisted.cast ? `cast(${applied} as ${hoisted.cast})` : applied} as ${ident(key)}`,
            );
            continue;
          }
          select.push(
            embed.toOne
              ? `${value} as ${ident(key)}`
              : `coalesce(${value}, '[]'::json) as ${ident(key)}`,
          );
          group.push(embed.toOne ? value : `${value}::text`);
        }
        return { select, group };
      }
      let value = `${lateral}."pgrst_j"`;
      const group: string[] = [];
      if (level.grouped) {
        // json has no equality: group by its text, show it as json again.
        group.push(`${value}::text`);
        value = `(${value}::text)::json`;
      }
      return {
        select: [
          `${embed.toOne ? value : `coalesce(${value}, '[]'::json)`} as ${ident(embed.key)}`,
        ],
        group,
      };
    }
  }
}

export function orderSql(
  term: PlannedOrder,
  alias: string,
  embedAliases: Map<EmbedPlan, string>,
  builder: Builder,
): string {
  const expression = term.embed
    ? `${ident(embedAliases.get(term.embed)!)}.${ident(orderHelper(term.embed, term.ref))}`
    : columnExpression(alias, term.ref, builder.params);
  const direction = term.direction ? ` ${term.direction}` : '';
  const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
  return `${expression}${direction}${nulls}`;
}

/**
 * Builds one level's parts. `alias` is the level's source alias (already in the FROM the
 * caller writes); `extraWhere` are join conditions from the parent.
 */
export function buildLevelParts(
  level: ReadLevel,
  alias: string,
  builder: Builder,
  extraWhere: string[] = [],
): LevelParts {
  const embedAliases = new Map<EmbedPlan, string>();
  const laterals: string[] = [];
  const filteringLaterals: string[] = [];
  const filtering = new Set<EmbedPlan>(level.embeds.filter((e) => e.inner));
  for (const condition of level.conditions)
    if (condition.kind === 'embedded') filtering.add(condition.embed);

  for (const embed of level.embeds) {
    const lateralAlias = builder.aliases.embed();
    embedAliases.set(embed, lateralAlias);
    const sql = ` left join lateral (${embedSql(embed, alias, builder)}) as ${ident(lateralAlias)} on true`;
    laterals.push(sql);
    if (filtering.has(embed)) filteringLaterals.push(sql);
  }

  const projection: string[] = [];
  const groupBy: string[] = [];
  for (const item of level.items) {
    const { select, group } = itemSql(item, alias, level, embedAliases, builder);
    projection.push(...select);
    groupBy.push(...group);
  }

  const scope: ConditionScope = { alias, embedAliases };
  const where = [
    ...extraWhere,
    ...level.conditions.map((c) => conditionSql(c, scope, builder.params)),
  ];
  for (const embed of level.embeds) {
    if (embed.inner) where.push(`${ident(embedAliases.get(embed)!)}."pgrst_hit" is true`);
  }
  const orderBy = level.order.map((term) => orderSql(term, alias, embedAliases, builder));
  // Ordering by a to-one embed's column groups by it, as a spread column would be.
  for (const term of level.order) {
    if (term.embed)
      groupBy.push(
        `${ident(embedAliases.get(term.embed)!)}.${ident(orderHelper(term.embed, term.ref))}`,
      );
  }
  let limit = '';
  if (level.limit !== undefined) limit += ` limit ${builder.params.add(level.limit)}::bigint`;
  if (level.offset !== undefined && level.offset > 0)
    limit += ` offset ${builder.params.add(level.offset)}::bigint`;
  return {
    projection,
    laterals,
    filteringLaterals,
    where,
    groupBy: level.grouped ? groupBy : [],
    orderBy,
    limit,
    embedAliases: [...embedAliases.values()].map(ident),
  };
}

/** `select … from <from> … where … group by … order by … limit …`. */
export function levelSelect(
  parts: LevelParts,
  from: string,
  projection = parts.projection,
): string {
  const select = projection.length ? projection.join(', ') : '1 as "pgrst_one"';
  let sql = `select ${select} from ${from}${parts.laterals.join('')}`;
  if (parts.where.length) sql += ` where ${parts.where.join(' and ')}`;
  if (parts.groupBy.length) sql += ` group by ${parts.groupBy.join(', ')}`;
  if (parts.orderBy.length) sql += ` order by ${parts.orderBy.join(', ')}`;
  return sql + parts.limit;
}

/**
 * The top level's SELECT with its page taken before the embeds are joined, when neither the
 * filters nor the order read an embed and nothing is aggregated: `limit 100 offset 900` then
 * builds the embedded JSON of the 100 rows answered, not also of the 900 the offset skips (the
 * lateral joins sit below the LIMIT). The page is the same rows in the same order, and reads
 * the same columns (column privileges hold); otherwise this is `levelSelect`.
 * `from` must be `<relation> as <alias>`.
 */
export function pagedLevelSelect(
  level: ReadLevel,
  parts: LevelParts,
  alias: string,
  from: string,
): string {
  const readsEmbed = (sql: string) => parts.embedAliases.some((embed) => sql.includes(embed));
  // A computed field's function takes the whole row, which the page does not keep.
  const readsComputed =
    level.items.some((item) => item.kind === 'column' && item.ref.computed) ||
    level.order.some((term) => term.ref.computed);
  if (
    readsComputed ||
    parts.laterals.length === 0 ||
    !parts.limit ||
    level.grouped ||
    parts.where.some(readsEmbed) ||
    parts.orderBy.some(readsEmbed)
  )
    return levelSelect(parts, from);
  // The columns the projection, the order and the embeds' join conditions read.
  const columns = new Set<string>();
  for (const item of level.items) if (item.kind === 'column') columns.add(item.ref.column.name);
  for (const term of level.order) columns.add(term.ref.column.name);
  for (const { relationship } of level.embeds) {
    // A computed relationship's function takes the whole row, which the page does not keep.
    if (relationship.computed) return levelSelect(parts, from);
    const parentSide = relationship.junction
      ? relationship.junction.toSource.targetColumns
      : relationship.sourceColumns;
    for (const column of parentSide) columns.add(column);
  }
  if (columns.size === 0) return levelSelect(parts, from);
  const source = ident(alias);
  const page = levelSelect(
    { ...parts, laterals: [] },
    from,
    [...columns].map((column) => `${source}.${ident(column)}`),
  );
  return levelSelect({ ...parts, where: [], limit: '' }, `(${page}) as ${source}`);
}

/** The statement counting what the level's filters match (no projection, order or limit). */
export function countSelect(parts: LevelParts, from: string): string {
  let sql = `select 1 from ${from}${parts.filteringLaterals.join('')}`;
  if (parts.where.length) sql += ` where ${parts.where.join(' and ')}`;
  if (parts.groupBy.length) {
    return `select count(*) from (select ${parts.projection.join(', ')} from ${from}${parts.laterals.join('')}${
      parts.where.length ? ` where ${parts.where.join(' and ')}` : ''
    } group by ${parts.groupBy.join(', ')}) as pgrst_groups`;
  }
  return `select count(*) from (${sql}) as pgrst_counted`;
}

/** One embed as the body of a LEFT JOIN LATERAL, correlated to the parent's `parentAlias`. */
function embedSql(embed: EmbedPlan, parentAlias: string, builder: Builder): string {
  const { relationship, level } = embed;
  const childAlias = builder.aliases.table();
  const joinWhere: string[] = [];
  const child = ident(childAlias);
  const parent = ident(parentAlias);
  let from = `${qualifiedIdent(relationship.target.schema, relationship.target.name)} as ${child}`;
  if (relationship.computed) {
    // Joined by the function's argument. The parent's alias may be a CTE or a function's
    // result: the cast names its row type.
    const { schema, name } = relationship.computed;
    const rowType = qualifiedIdent(relationship.source.schema, relationship.source.name);
    from = `${qualifiedIdent(schema, name)}(${parent}::${rowType}) as ${child}`;
  } else if (relationship.junction) {
    const { relation, toSource, toTarget } = relationship.junction;
    const junctionAlias = ident(builder.aliases.table());
    const onTarget = toTarget.columns.map(
      (c, i) => `${junctionAlias}.${ident(c)} = ${child}.${ident(toTarget.targetColumns[i]!)}`,
    );
    from += ` join ${qualifiedIdent(relation.schema, relation.name)} as ${junctionAlias} on ${onTarget.join(' and ')}`;
    toSource.columns.forEach((c, i) => {
      joinWhere.push(
        `${junctionAlias}.${ident(c)} = ${parent}.${ident(toSource.targetColumns[i]!)}`,
      );
    });
  } else {
    const { sourceColumns } = relationship;
    relationship.targetColumns.forEach((c, i) => {
      joinWhere.push(`${child}.${ident(c)} = ${parent}.${ident(sourceColumns[i]!)}`);
    });
  }
  const parts = buildLevelParts(level, childAlias, builder, joinWhere);
  const helperExpressions = embed.orderRefs.map((ref) =>
    columnExpression(childAlias, ref, builder.params),
  );
  const helpers = embed.orderRefs.map(
    (ref, i) => `${helperExpressions[i]!} as ${ident(orderHelper(embed, ref))}`,
  );

  if (embed.toOne) {
    if (embed.hidden) return levelSelect(parts, from, ['true as "pgrst_hit"', ...helpers]);
    if (embed.spread)
      return levelSelect(parts, from, [...parts.projection, 'true as "pgrst_hit"', ...helpers]);
    if (level.grouped) {
      // Aggregates belong to this SELECT: grouped first, the row built from the result (a
      // lateral over the grouped rows would put them in its own FROM, Postgres' 42803).
      const grouped = levelSelect(
        { ...parts, groupBy: [...parts.groupBy, ...helperExpressions] },
        from,
        [...parts.projection, ...helpers],
      );
      const row = outputKeys(level).map((k) => `"pgrst_g".${ident(k)}`);
      const helperColumns = embed.orderRefs.map(
        (ref) => `"pgrst_g".${ident(orderHelper(embed, ref))}`,
      );
      return `select ${['row_to_json("pgrst_row") as "pgrst_j"', 'true as "pgrst_hit"', ...helperColumns].join(', ')} from (${grouped}) as "pgrst_g", lateral (select ${row.join(', ')}) as "pgrst_row"`;
    }
    // The row is built in its own lateral so helper columns stay out of the JSON.
    const withRow = {
      ...parts,
      laterals: [
        ...parts.laterals,
        `, lateral (select ${parts.projection.join(', ')}) as "pgrst_row"`,
      ],
    };
    return levelSelect(withRow, from, [
      'row_to_json("pgrst_row") as "pgrst_j"',
      'true as "pgrst_hit"',
      ...helpers,
    ]);
  }
  const rows = levelSelect(parts, from);
  if (embed.hidden) return `select count(*) > 0 as "pgrst_hit" from (${rows}) as "pgrst_rows"`;
  if (embed.spread) {
    const columns = outputKeys(level).map(
      (k) => `json_agg("pgrst_rows".${ident(k)}) as ${ident(k)}`,
    );
    return `select ${[...columns, 'count(*) > 0 as "pgrst_hit"'].join(', ')} from (${rows}) as "pgrst_rows"`;
  }
  return `select json_agg("pgrst_rows") as "pgrst_j", count(*) > 0 as "pgrst_hit" from (${rows}) as "pgrst_rows"`;
}

export type BodyShape = 'array' | 'object' | 'csv' | 'none' | { geoJsonFunction: string };

/**
 * The outer SELECT over `pgrst_source`: `total` (when a count source is given), `page_total`
 * and `body` rendered by Postgres (text, so numbers and timestamps keep PostgREST's form).
 */
export function envelopeSql(options: {
  shape: BodyShape;
  stripNulls?: boolean;
  /** Rows are a scalar function's values (`pgrst_scalar`), not objects. */
  scalar?: boolean;
  countSql?: string | null;
}): string {
  const rows = options.scalar ? 'json_agg("pgrst_r"."pgrst_scalar")' : 'json_agg("pgrst_r")';
  const stripped = options.stripNulls ? `json_strip_nulls(${rows})` : rows;
  let body: string;
  switch (options.shape) {
    case 'array':
      body = `coalesce(${stripped}, '[]'::json)::text`;
      break;
    case 'object':
      body = `(${stripped}->0)::text`;
      break;
    case 'csv':
      body = `coalesce(string_agg(substring("pgrst_r"::text, 2, length("pgrst_r"::text) - 2), chr(10)), '')`;
      break;
    case 'none':
      body = 'null::text';
      break;
    default:
      // PostgREST's FeatureCollection: the first geometry column of each row is its geometry,
      // the other columns its properties.
      body = `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${options.shape.geoJsonFunction}("pgrst_r")::json), '[]'))::text`;
  }
  const total = options.countSql ? `(${options.countSql})` : 'null::bigint';
  return `select ${total} as "total", count("pgrst_r") as "page_total", ${body} as "body" from "pgrst_source" as "pgrst_r"`;
}
