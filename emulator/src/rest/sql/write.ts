// INSERT / upsert / UPDATE / DELETE as the first CTE (`pgrst_mutation`) of one statement; the
// request body is a single JSON parameter Postgres turns into rows with
// json_populate_recordset, so types convert exactly as in PostgREST.
import type { Relation } from '../schema/model.js';
import { ident, type Params, qualifiedIdent } from './identifiers.js';

export const TARGET_ALIAS = 'pgrst_target';

/** `returning 1` touches no column, so SELECT policies do not apply (as PostgREST's minimal). */
export function returningSql(wantRows: boolean): string {
  return wantRows ? ` returning ${ident(TARGET_ALIAS)}.*` : ' returning 1';
}

export interface InsertOptions {
  columns: string[];
  /** The body rows (objects), already validated. */
  rows: Record<string, unknown>[];
  /** Missing keys take the column default (`Prefer: missing=default`) instead of null. */
  missingDefault: boolean;
  onConflict?: { columns: string[]; resolution: 'merge' | 'ignore' };
  returning: string;
}

/**
 * The rows of a `missing=default` insert as PostgREST builds them (fromJsonBodyF): each element
 * is laid over a jsonb object of the defaults of the written columns, `jsonb_build_object('col',
 * <default>, …) || elem`, then read back by jsonb_to_recordset. So every written column's default
 * is evaluated for every row, given or not, and for all rows before the first is inserted: a
 * sequence moves exactly as under PostgREST, also when Postgres refuses a row.
 * See docs/compatibility.md#rest-inserts-with-missingdefault.
 */
function bodyWithDefaultsSql(relation: Relation, options: InsertOptions, params: Params): string {
  // PostgREST's fields are the column names as a set: in sorted order.
  const columns = [...options.columns]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => relation.columnsByName.get(name)!);
  const defaults = columns
    .filter((c) => c.insertDefault !== null)
    .map((c) => `${params.add(c.name)}::text, ${c.insertDefault}`);
  const typed = columns.map((c) => `${ident(c.name)} ${c.irType}`).join(', ');
  const selected = options.columns.map((c) => `"pgrst_body".${ident(c)}`).join(', ');
  return (
    `select ${selected} from (select ${params.add(JSON.stringify(options.rows))}::jsonb as json_data) "pgrst_payload", ` +
    `lateral (select jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) as val ` +
    `from jsonb_array_elements("pgrst_payload".json_data) elem) "pgrst_json_defs", ` +
    `lateral (select * from jsonb_to_recordset("pgrst_json_defs".val) as _(${typed})) "pgrst_body"`
  );
}

export function insertSql(relation: Relation, options: InsertOptions, params: Params): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  const rowType = table;
  const columnList = options.columns.map(ident).join(', ');
  let sql: string;
  if (options.columns.length === 0) {
    // `{}` / `[{}, {}]`: one row of defaults per object (DEFAULT VALUES takes one row only).
    const first = relation.columns[0];
    sql = first
      ? `insert into ${table} as ${ident(TARGET_ALIAS)} (${ident(first.name)}) values ${options.rows.map(() => '(default)').join(', ')}`
      : `insert into ${table} as ${ident(TARGET_ALIAS)} default values`;
  } else if (options.missingDefault) {
    sql = `insert into ${table} as ${ident(TARGET_ALIAS)} (${columnList}) ${bodyWithDefaultsSql(relation, options, params)}`;
  } else {
    const selected = options.columns.map((c) => `"pgrst_body".${ident(c)}`).join(', ');
    sql = `insert into ${table} as ${ident(TARGET_ALIAS)} (${columnList}) select ${selected} from json_populate_recordset(null::${rowType}, ${params.add(JSON.stringify(options.rows))}::json) as "pgrst_body"`;
  }
  if (options.onConflict) {
    const target = options.onConflict.columns.map(ident).join(', ');
    if (options.onConflict.resolution === 'ignore' || options.columns.length === 0) {
      sql += ` on conflict (${target}) do nothing`;
    } else {
      const set = options.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
      sql += ` on conflict (${target}) do update set ${set}`;
    }
  }
  let returning = options.returning;
  if (options.onConflict?.resolution === 'merge' && reportsInserted(relation)) {
    // A row the upsert inserted has no xmax yet; one it updated carries this transaction's.
    returning += `, (${ident(TARGET_ALIAS)}.xmax::text = '0') as ${ident(INSERTED_COLUMN)}`;
  }
  return sql + returning;
}

/** Set on the mutation's rows when an upsert can tell inserted rows from updated ones. */
export const INSERTED_COLUMN = 'pgrst_inserted';

/** Only tables have xmax; an upsert into a view cannot tell. */
export function reportsInserted(relation: Relation): boolean {
  return relation.kind === 'table' || relation.kind === 'partitioned_table';
}

export function updateSql(
  relation: Relation,
  columns: string[],
  body: Record<string, unknown>,
  where: string[],
  returning: string,
  params: Params,
): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  const set = columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  return `update ${table} as ${ident(TARGET_ALIAS)} set ${set} from (select * from json_populate_record(null::${table}, ${params.add(JSON.stringify(body))}::json)) as "pgrst_body"${whereSql}${returning}`;
}

export function deleteSql(relation: Relation, where: string[], returning: string): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  return `delete from ${table} as ${ident(TARGET_ALIAS)}${whereSql}${returning}`;
}
