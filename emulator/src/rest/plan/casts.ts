// `::type` in select: resolved against the types Postgres knows, so the statement only ever
// carries a type name Postgres itself spelled (never request text).
import { schemaErrors } from '../errors.js';
import type { SchemaCache } from '../schema/model.js';

/** SQL-standard spellings → pg_type names. */
const ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  double: 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

const SEARCH_ORDER = (schemas: readonly string[]) => ['pg_catalog', ...schemas, 'extensions'];

export function resolveCast(cache: SchemaCache, name: string): string {
  const wanted = name.trim().toLowerCase();
  const typname = ALIASES[wanted] ?? wanted;
  for (const schema of SEARCH_ORDER(cache.schemas)) {
    const type = cache.types.find((t) => t.schema === schema && t.name === typname);
    if (type) return type.sql;
  }
  throw schemaErrors.undefinedType(name);
}
