// Introspection: the schema cache read from pg_catalog in one transaction — relations of the
// exposed schemas (and the tables their foreign keys reach), columns and their types, keys,
// foreign keys, which base columns each view reads, functions, types and schema comments.
import type { Queryable } from '../../db/database.js';
import {
  outputColumn,
  qualified,
  type Column,
  type ForeignKey,
  type FunctionParameter,
  type FunctionResult,
  type Relation,
  type RelationKind,
  type RoutineInfo,
  type SchemaCache,
} from './model.js';
import { buildRelationships, inferViewKeys } from './relationships.js';

interface RawColumn {
  name: string;
  position: number;
  type_oid: number;
  type: string;
  nominal_type: string;
  data_type: string;
  element_type: string | null;
  category: string;
  nullable: boolean;
  default: string | null;
  insert_default?: string | null;
  ir_type?: string;
  generated: boolean;
  max_length: number | null;
  enum_values: string[] | null;
  description: string | null;
}

const COLUMN_JSON = `
  json_build_object(
    'name', a.attname,
    'position', a.attnum,
    'type_oid', a.atttypid::int8,
    'type', format_type(a.atttypid, a.atttypmod),
    'nominal_type', format_type(a.atttypid, null),
    'data_type', case
        when bt.typelem <> 0 and bt.typlen = -1 then 'ARRAY'
        when bn.nspname = 'pg_catalog' then format_type(bt.oid, null)
        else 'USER-DEFINED' end,
    'element_type', case when bt.typelem <> 0 and bt.typlen = -1 then format_type(bt.typelem, null) end,
    'category', bt.typcategory::text,
    'nullable', not a.attnotnull,
    'default', pg_get_expr(d.adbin, d.adrelid),
    'insert_default', case
        when t.typbasetype <> 0 then pg_get_expr(t.typdefaultbin, 0)
        when a.attidentity = 'd' then format('nextval(%s)',
          quote_literal(pg_get_serial_sequence(a.attrelid::regclass::text, a.attname)))
        when a.attgenerated = 's' then null
        else pg_get_expr(d.adbin, d.adrelid) end,
    'ir_type', case
        when t.typtype = 'd' and bn.nspname = 'pg_catalog' then format_type(t.typbasetype, null)
        when t.typtype <> 'd' and bn.nspname = 'pg_catalog' then format_type(a.atttypid, null)
        else format_type(a.atttypid, a.atttypmod) end,
    'generated', a.attgenerated <> '' or a.attidentity = 'a',
    'max_length', case when bt.oid in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4 end,
    'enum_values', (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid),
    'description', col_description(a.attrelid, a.attnum)
  ) order by a.attnum`;

const COLUMN_JOINS = `
  join pg_type t on t.oid = a.atttypid
  join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
  join pg_namespace bn on bn.oid = bt.typnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum`;

const RELATIONS_SQL = `
  select c.oid::int8 as oid, c.reltype::int8 as row_type, n.nspname as schema, c.relname as name, c.relkind::text as kind,
    obj_description(c.oid, 'pg_class') as description,
    pg_relation_is_updatable(c.oid, true) as updatable_mask,
    coalesce((select json_agg(${COLUMN_JSON}) from pg_attribute a ${COLUMN_JOINS}
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
    and (n.nspname = any($1) or c.oid in (
      select con.confrelid from pg_constraint con join pg_class s on s.oid = con.conrelid
        join pg_namespace sn on sn.oid = s.relnamespace where con.contype = 'f' and sn.nspname = any($1)))`;

const KEYS_SQL = `
  select con.conrelid::int8 as rel, con.contype::text as type, con.conname as name,
    array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
    con.confrelid::int8 as ref,
    array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as ref_columns
  from pg_constraint con
  where con.contype in ('p', 'u', 'f') and con.conrelid = any($1::oid[])
  union all
  select i.indrelid::int8, 'u', ic.relname,
    array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(num, o)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.o),
    null, null
  from pg_index i join pg_class ic on ic.oid = i.indexrelid
  where i.indisunique and i.indpred is null and i.indexprs is null and i.indrelid = any($1::oid[])
    and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)`;

/** Which base-table columns each view reads (from its rewrite rule's dependencies). */
const VIEW_COLUMNS_SQL = `
  select distinct r.ev_class::int8 as view, d.refobjid::int8 as base, a.attname::text as column
  from pg_rewrite r
    join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
  where r.ev_class = any($1::oid[]) and d.refobjid <> r.ev_class`;

const FUNCTIONS_SQL = `
  select p.oid::int8 as oid, n.nspname as schema, p.proname as name,
    obj_description(p.oid, 'pg_proc') as description,
    p.provolatile::text as volatility, p.proretset as returns_set, p.prorows::float8 as estimated_rows,
    p.prorettype::int8 as return_oid, format_type(p.prorettype, null) as return_type,
    rt.typtype::text as return_typtype, rt.typrelid::int8 as return_relid,
    p.pronargdefaults as default_count, p.provariadic <> 0 as variadic,
    coalesce(p.proargnames, '{}') as arg_names, p.proargnames is null as unnamed_args,
    coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])) as arg_modes,
    array(select t::int8 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_type_oids,
    array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) order by i) as arg_types,
    case when rt.typtype = 'c' then coalesce((select json_agg(${COLUMN_JSON}) from pg_attribute a ${COLUMN_JOINS}
      where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped), '[]') end as return_columns
  from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1) and p.prokind = 'f'`;

/** The input types of each function as PostgREST's schema cache spells them (`type::regtype::text`). */
const FUNCTION_DISPLAY_TYPES_SQL = `
  select p.oid::int8 as oid,
    array(select t::regtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) order by i) as arg_types
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any($1) and p.prokind = 'f'`;

const TYPES_SQL = `
  select t.oid::int8 as oid, n.nspname as schema, t.typname as name, format_type(t.oid, null) as sql
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typtype in ('b', 'd', 'e', 'r', 'm', 'c') and t.typname not like '\\_%'
    and (n.nspname in ('pg_catalog', 'extensions') or n.nspname = any($1))
    and (t.typrelid = 0 or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))`;

/** PostGIS's ST_AsGeoJSON taking a whole row (`record`, oid 2249), wherever the extension lives. */
const GEOJSON_FUNCTION_SQL = `
  select format('%I.%I', n.nspname, p.proname) as sql
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where p.proname = 'st_asgeojson' and p.proargtypes[0] = 2249
  order by n.nspname = 'extensions' desc, n.nspname limit 1`;

const RELATION_KINDS: Record<string, RelationKind> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
  p: 'partitioned_table',
};

function toColumn(raw: RawColumn): Column {
  return {
    name: raw.name,
    position: raw.position,
    typeOid: Number(raw.type_oid),
    type: raw.type,
    nominalType: raw.nominal_type,
    dataType: raw.data_type,
    elementType: raw.element_type,
    category: raw.category,
    nullable: raw.nullable,
    default: raw.default,
    insertDefault: raw.insert_default ?? null,
    irType: raw.ir_type ?? raw.type,
    generated: raw.generated,
    maxLength: raw.max_length,
    enumValues: raw.enum_values,
    description: raw.description,
  };
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Reads the whole cache; runs with `search_path = pg_catalog` so type names come out qualified,
 * except the functions' parameter types as PostgREST spells them, read under the session's own
 * search_path (PostgREST's schema cache query runs under its connection's).
 */
export async function introspect(tx: Queryable, schemas: readonly string[]): Promise<SchemaCache> {
  const displayRows = await tx.query<{ oid: string | number; arg_types: string[] }>(
    FUNCTION_DISPLAY_TYPES_SQL,
    [schemas],
  );
  const displayTypes = new Map(displayRows.rows.map((row) => [Number(row.oid), row.arg_types]));
  await tx.query(`select set_config('search_path', 'pg_catalog', true)`);
  const relationRows = await tx.query<{
    oid: string | number;
    row_type: string | number;
    schema: string;
    name: string;
    kind: string;
    description: string | null;
    updatable_mask: number;
    columns: unknown;
  }>(RELATIONS_SQL, [schemas]);
  const relations = new Map<string, Relation>();
  const byOid = new Map<number, Relation>();
  for (const row of relationRows.rows) {
    const columns = parseJson<RawColumn[]>(row.columns).map(toColumn);
    const kind = RELATION_KINDS[row.kind] ?? 'table';
    const mask = Number(row.updatable_mask);
    const isTable = kind === 'table' || kind === 'partitioned_table';
    const relation: Relation = {
      oid: Number(row.oid),
      rowTypeOid: Number(row.row_type),
      schema: row.schema,
      name: row.name,
      kind,
      description: row.description,
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: [],
      uniqueKeys: [],
      // pg_relation_is_updatable bits: 4 UPDATE, 8 INSERT, 16 DELETE.
      insertable: isTable || (mask & 8) === 8,
      updatable: isTable || (mask & 4) === 4,
      deletable: isTable || (mask & 16) === 16,
      computedFields: new Map(),
    };
    relations.set(qualified(row.schema, row.name), relation);
    byOid.set(relation.oid, relation);
  }

  const keyRows = await tx.query<{
    rel: string | number;
    type: string;
    name: string;
    columns: string[];
    ref: string | number | null;
    ref_columns: string[] | null;
  }>(KEYS_SQL, [[...byOid.keys()]]);
  const foreignKeys: ForeignKey[] = [];
  for (const row of keyRows.rows) {
    const relation = byOid.get(Number(row.rel));
    if (!relation) continue;
    if (row.type === 'p') {
      relation.primaryKey = row.columns;
      relation.uniqueKeys.push(row.columns);
    } else if (row.type === 'u') {
      relation.uniqueKeys.push(row.columns);
    } else if (row.type === 'f') {
      const target = byOid.get(Number(row.ref));
      if (target) {
        foreignKeys.push({
          name: row.name,
          source: relation,
          columns: row.columns,
          target,
          targetColumns: row.ref_columns ?? [],
        });
      }
    }
  }

  const viewIds = [...byOid.values()]
    .filter((r) => r.kind === 'view' || r.kind === 'materialized_view')
    .map((r) => r.oid);
  const viewColumnRows = viewIds.length
    ? (
        await tx.query<{ view: string | number; base: string | number; column: string }>(
          VIEW_COLUMNS_SQL,
          [viewIds],
        )
      ).rows
    : [];
  foreignKeys.push(...inferViewKeys(byOid, foreignKeys, viewColumnRows));

  const functionRows = await tx.query<{
    oid: string | number;
    schema: string;
    name: string;
    description: string | null;
    volatility: string;
    returns_set: boolean;
    estimated_rows: number | string;
    return_oid: string | number;
    return_type: string;
    return_typtype: string;
    return_relid: string | number;
    default_count: number;
    variadic: boolean;
    arg_names: string[];
    unnamed_args: boolean;
    arg_modes: string[];
    arg_type_oids: (string | number)[];
    arg_types: string[];
    return_columns: unknown;
  }>(FUNCTIONS_SQL, [schemas]);
  const functions = new Map<string, RoutineInfo[]>();
  for (const row of functionRows.rows) {
    const inputs: FunctionParameter[] = [];
    const outputs: Column[] = [];
    const shownTypes = displayTypes.get(Number(row.oid)) ?? row.arg_types;
    row.arg_types.forEach((type, i) => {
      const mode = row.arg_modes[i] ?? 'i';
      const name = row.arg_names[i] ?? '';
      const typeOid = Number(row.arg_type_oids[i]);
      const displayType = shownTypes[i] ?? type;
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        inputs.push({
          name,
          typeOid,
          type,
          displayType,
          hasDefault: false,
          variadic: mode === 'v',
        });
      }
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outputs.push(outputColumn(name, outputs.length + 1, typeOid, type));
      }
    });
    for (let i = inputs.length - Number(row.default_count); i < inputs.length; i++) {
      if (inputs[i]) inputs[i]!.hasDefault = true;
    }
    let result: FunctionResult;
    const returnOid = Number(row.return_oid);
    if (row.return_type === 'void') result = { kind: 'void' };
    else if (outputs.length > 0) result = { kind: 'composite', columns: outputs };
    else if (row.return_typtype === 'c') {
      const relation = byOid.get(Number(row.return_relid));
      result =
        relation && relation.kind !== 'materialized_view'
          ? { kind: 'relation', relation }
          : {
              kind: 'composite',
              columns: parseJson<RawColumn[]>(row.return_columns ?? []).map(toColumn),
            };
    } else if (row.return_type === 'record') {
      // `returns setof record` without OUT parameters needs a column list no HTTP call can give.
      continue;
    } else result = { kind: 'scalar', type: row.return_type, typeOid: returnOid };
    const routine: RoutineInfo = {
      oid: Number(row.oid),
      schema: row.schema,
      name: row.name,
      description: row.description,
      parameters: inputs,
      // Trigger functions are never in PostgREST's schema cache.
      callable: row.return_type !== 'trigger' && isCallable(inputs, row.unnamed_args),
      result,
      returnsSet: row.returns_set,
      estimatedRows: Number(row.estimated_rows),
      volatility:
        row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile',
    };
    const key = qualified(row.schema, row.name);
    const list = functions.get(key) ?? [];
    list.push(routine);
    functions.set(key, list);
  }

  attachComputedFields(byOid, functions);

  const typeRows = await tx.query<{
    oid: string | number;
    schema: string;
    name: string;
    sql: string;
  }>(TYPES_SQL, [schemas]);
  const types = typeRows.rows.map((r) => ({
    oid: Number(r.oid),
    schema: r.schema,
    name: r.name,
    sql: r.sql,
  }));

  const schemaRows = await tx.query<{ name: string; description: string | null }>(
    `select n.nspname as name, obj_description(n.oid, 'pg_namespace') as description from pg_namespace n where n.nspname = any($1)`,
    [schemas],
  );
  const geoJsonRows = await tx.query<{ sql: string }>(GEOJSON_FUNCTION_SQL);
  const cache: SchemaCache = {
    schemas,
    geoJsonFunction: geoJsonRows.rows[0]?.sql ?? null,
    schemaDescriptions: new Map(schemaRows.rows.map((r) => [r.name, r.description])),
    relations,
    foreignKeys,
    relationships: new Map(),
    functions,
    types,
    loadedAt: Date.now(),
  };
  cache.relationships = buildRelationships(cache);
  return cache;
}

/** Fills each relation's computed fields from the functions that take its row. */
/** Parameter types a single unnamed parameter may have: bytea, json, jsonb, text, xml. */
const SINGLE_UNNAMED_TYPES = new Set([17, 114, 3802, 25, 142]);

/**
 * PostgREST's schema cache keeps only the functions its `callable` column allows: all inputs
 * named, or exactly one input without a name whose type a raw body can fill. pg_proc names
 * nothing (proargnames null) or every input (unnamed ones as ''), so a function mixing named
 * and unnamed inputs counts as named. The others stay for computed fields and relationships,
 * which PostgREST finds in pg_proc directly.
 */
function isCallable(inputs: FunctionParameter[], unnamed: boolean): boolean {
  if (!unnamed || inputs.length === 0) return true;
  return inputs.length === 1 && SINGLE_UNNAMED_TYPES.has(inputs[0]!.typeOid);
}

export function attachComputedFields(
  relations: Map<number, Relation>,
  functions: Map<string, RoutineInfo[]>,
): void {
  const byRowType = new Map([...relations.values()].map((r) => [r.rowTypeOid, r]));
  for (const routines of functions.values()) {
    for (const routine of routines) {
      const [only, ...more] = routine.parameters;
      if (!only || more.length || routine.returnsSet || routine.result.kind !== 'scalar') continue;
      byRowType.get(only.typeOid)?.computedFields.set(routine.name, routine);
    }
  }
}
