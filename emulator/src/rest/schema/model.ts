// The schema model: what PostgREST's schema cache knows about the exposed schemas — relations
// and their columns, keys and foreign keys, relationships between relations, functions and
// types. Plain data: introspection fills it, relationship building links it, the planner
// reads it.

export interface Column {
  name: string;
  position: number;
  typeOid: number;
  /** `format_type(oid, typmod)` qualified as seen from pg_catalog: `integer`, `character varying(20)`, `public.mood`. */
  type: string;
  /** The same without the modifier (OpenAPI's `format`). */
  nominalType: string;
  /** PostgREST's `data_type`: the base type name, `ARRAY`, or `USER-DEFINED`. */
  dataType: string;
  /** Element type of an array column (`text` for `text[]`), else null. */
  elementType: string | null;
  /** pg_type.typcategory of the (base) type: S string, N numeric, A array, U user… */
  category: string;
  nullable: boolean;
  default: string | null;
  /**
   * PostgREST's colDefault, what `missing=default` fills in: a domain's default, `nextval(…)` for
   * an identity by default, nothing for a stored generated column, else the column's default.
   */
  insertDefault: string | null;
  /** PostgREST's data_type: the type a body's value is read as (pg_catalog types without modifier). */
  irType: string;
  generated: boolean;
  maxLength: number | null;
  enumValues: string[] | null;
  description: string | null;
}

export type RelationKind =
  'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table';

export interface Relation {
  oid: number;
  /** pg_class.reltype: the row type a function takes to be a computed field or relationship. */
  rowTypeOid: number;
  schema: string;
  name: string;
  kind: RelationKind;
  description: string | null;
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** Column sets that are unique (primary key and unique constraints/indexes). */
  uniqueKeys: string[][];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  /**
   * Computed fields by name: functions of one parameter, this relation's row, returning one
   * scalar. PostgREST lets `select`, filters and `order` name them like columns.
   */
  computedFields: Map<string, RoutineInfo>;
}

export interface ForeignKey {
  name: string;
  source: Relation;
  columns: string[];
  target: Relation;
  targetColumns: string[];
}

export interface FunctionParameter {
  name: string;
  typeOid: number;
  /** Qualified as seen from pg_catalog (`public.mood`): safe in the SQL the emulator builds. */
  type: string;
  /**
   * PostgREST's `ppType`: `type::regtype::text` under the database's search_path, as its schema
   * cache reads it (`mood` for a type in public, `extra.tone` elsewhere); its messages and the
   * order of overloads use this spelling.
   */
  displayType: string;
  hasDefault: boolean;
  variadic: boolean;
}

export type FunctionResult =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string; typeOid: number }
  /** A table row type (`returns todos`/`setof todos`): embeds work on it. */
  | { kind: 'relation'; relation: Relation }
  /** A composite without a table: `returns table(…)`, OUT parameters, `create type`. */
  | { kind: 'composite'; columns: Column[] };

export interface RoutineInfo {
  oid: number;
  schema: string;
  name: string;
  description: string | null;
  /** Input parameters (IN, INOUT, VARIADIC) in order. */
  parameters: FunctionParameter[];
  /** Whether /rpc may call it (PostgREST's schema cache leaves the others out). */
  callable: boolean;
  result: FunctionResult;
  returnsSet: boolean;
  /** pg_proc.prorows: `setof … rows 1` makes a computed relationship to-one. */
  estimatedRows: number;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface TypeInfo {
  oid: number;
  schema: string;
  name: string;
  /** SQL spelling, safe to emit: `integer`, `public.mood`. */
  sql: string;
}

export interface SchemaCache {
  schemas: readonly string[];
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  /** Relationships by the qualified name of their source relation. */
  relationships: Map<string, Relationship[]>;
  functions: Map<string, RoutineInfo[]>;
  types: TypeInfo[];
  /** `comment on schema` per exposed schema (OpenAPI's title and description). */
  schemaDescriptions: Map<string, string | null>;
  /**
   * PostGIS's `ST_AsGeoJSON(record)`, qualified, when the database has it: PostgREST offers
   * `application/geo+json` only then.
   */
  geoJsonFunction: string | null;
  loadedAt: number;
}

export function qualified(schema: string, name: string): string {
  return `${schema}.${name}`;
}

export function findRelation(
  cache: SchemaCache,
  schema: string,
  name: string,
): Relation | undefined {
  return cache.relations.get(qualified(schema, name));
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface ForeignKeyRelationship {
  computed?: undefined;
  cardinality: Cardinality;
  source: Relation;
  target: Relation;
  /** The FK that makes it (the junction's FK to the target for many-to-many). */
  constraint: ForeignKey;
  /** Join `source.sourceColumns[i] = target.targetColumns[i]` (not for many-to-many). */
  sourceColumns: string[];
  targetColumns: string[];
  junction?: {
    relation: Relation;
    /** junction.toSource.columns → source.toSource.targetColumns */
    toSource: ForeignKey;
    /** junction.toTarget.columns → target.toTarget.targetColumns */
    toTarget: ForeignKey;
  };
}

/**
 * A function `fn(source) returns [setof] target`: embedded as `fn(*)`, to-one when it returns
 * a single row (not `setof`, or `setof … rows 1`), as PostgREST's allComputedRels.
 */
export interface ComputedRelationship {
  computed: RoutineInfo;
  cardinality: 'many-to-one' | 'one-to-many';
  source: Relation;
  target: Relation;
  junction?: undefined;
}

export type Relationship = ForeignKeyRelationship | ComputedRelationship;

/** A column that is no table's: an OUT parameter of a function, a computed field's value. */
export function outputColumn(
  name: string,
  position: number,
  typeOid: number,
  type: string,
): Column {
  const isArray = type.endsWith('[]');
  return {
    name,
    position,
    typeOid,
    type,
    nominalType: type,
    dataType: isArray ? 'ARRAY' : type,
    elementType: isArray ? type.slice(0, -2) : null,
    category: isArray ? 'A' : '',
    nullable: true,
    default: null,
    insertDefault: null,
    irType: type,
    generated: false,
    maxLength: null,
    enumValues: null,
    description: null,
  };
}
