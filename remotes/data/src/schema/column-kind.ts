// What kind of value a column holds, from what the OpenAPI description says about it: PostgREST
// puts the Postgres type in `format` ("bigint", "timestamp with time zone", "text[]",
// "public.task_priority") and a coarse Swagger `type` beside it. The kind decides the editor, the
// filter operators and how input text is checked.

export type ColumnKind =
  | 'text'
  | 'uuid'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'timestamptz'
  | 'timestamp'
  | 'time'
  | 'enum'
  | 'array'
  | 'json'
  | 'other';

const BY_FORMAT: Record<string, ColumnKind> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  varchar: 'text',
  bpchar: 'text',
  citext: 'text',
  name: 'text',
  uuid: 'uuid',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  numeric: 'number',
  decimal: 'number',
  real: 'number',
  'double precision': 'number',
  float4: 'number',
  float8: 'number',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  timestamptz: 'timestamptz',
  'timestamp without time zone': 'timestamp',
  timestamp: 'timestamp',
  'time without time zone': 'time',
  'time with time zone': 'time',
  time: 'time',
  timetz: 'time',
  json: 'json',
  jsonb: 'json',
};

const BY_SWAGGER_TYPE: Record<string, ColumnKind> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
};

/** The format without a type modifier: `numeric(10,2)` → `numeric`, `character varying(80)` → `character varying`. */
function baseFormat(format: string): string {
  return format.replace(/\(.*\)$/, '').trim().toLowerCase();
}

/** The kind of a scalar Postgres type (not an array). */
export function scalarKind(format: string, swaggerType?: string): ColumnKind {
  const known = BY_FORMAT[baseFormat(format)];
  if (known) return known;
  return (swaggerType && BY_SWAGGER_TYPE[swaggerType]) || 'other';
}

export interface ColumnTypeFacts {
  format: string;
  /** Swagger's `type` (absent for json). */
  type?: string;
  /** Swagger's `items.type` for arrays. */
  itemType?: string;
  enumValues?: readonly string[];
}

/** The column's kind, and for arrays the kind of their elements. */
export function columnKind({ format, type, itemType, enumValues }: ColumnTypeFacts): { kind: ColumnKind; itemKind: ColumnKind | null } {
  if (type === 'array' || format.endsWith('[]')) {
    const elementFormat = format.endsWith('[]') ? format.slice(0, -2) : '';
    return { kind: 'array', itemKind: scalarKind(elementFormat, itemType) };
  }
  if (enumValues && enumValues.length > 0) return { kind: 'enum', itemKind: null };
  return { kind: scalarKind(format, type), itemKind: null };
}

/** Kinds whose values a person reads as words, where text search and "contains" make sense. */
export function isTextual(kind: ColumnKind): boolean {
  return kind === 'text';
}
