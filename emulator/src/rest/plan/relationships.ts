// Relationships between relations, as PostgREST derives them from foreign keys: many-to-one
// (the FK is on the source), one-to-many (on the target), one-to-one (FK columns unique) and
// many-to-many through a junction whose two FKs are part of its primary key or a unique key;
// and computed relationships: a function taking a row of the source and returning rows of the
// target. Picking one for an embed follows PostgREST's findRel: by target name, FK name or FK
// column, `!hint` to disambiguate, its convention for self-references, PGRST200 when none fits
// and PGRST201 when several do.
import { schemaErrors, type RelationshipDescription } from '../errors.js';
import type { ForeignKey, Relation, RoutineInfo, SchemaCache } from '../schema-cache.js';
import { closest } from './suggest.js';

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

function key(relation: Relation): string {
  return `${relation.schema}.${relation.name}`;
}

function isUnique(relation: Relation, columns: string[]): boolean {
  return relation.uniqueKeys.some(
    (unique) => unique.length === columns.length && unique.every((c) => columns.includes(c)),
  );
}

function coveredByKey(relation: Relation, columns: string[]): boolean {
  return relation.uniqueKeys.some((unique) => columns.every((c) => unique.includes(c)));
}

export function buildRelationships(
  cache: Pick<SchemaCache, 'foreignKeys' | 'functions' | 'relations'>,
): Map<string, Relationship[]> {
  const map = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    const list = map.get(key(relationship.source)) ?? [];
    list.push(relationship);
    map.set(key(relationship.source), list);
  };
  for (const fk of cache.foreignKeys) {
    const oneToOne = isUnique(fk.source, fk.columns);
    add({
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      source: fk.source,
      target: fk.target,
      constraint: fk,
      sourceColumns: fk.columns,
      targetColumns: fk.targetColumns,
    });
    add({
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      source: fk.target,
      target: fk.source,
      constraint: fk,
      sourceColumns: fk.targetColumns,
      targetColumns: fk.columns,
    });
  }
  // Junctions: two FKs of one relation, both covered by one of its keys.
  const bySource = new Map<string, ForeignKey[]>();
  for (const fk of cache.foreignKeys) {
    const list = bySource.get(key(fk.source)) ?? [];
    list.push(fk);
    bySource.set(key(fk.source), list);
  }
  for (const fks of bySource.values()) {
    for (const toSource of fks) {
      for (const toTarget of fks) {
        if (toSource === toTarget) continue;
        const junction = toSource.source;
        if (!coveredByKey(junction, [...toSource.columns, ...toTarget.columns])) continue;
        if (toSource.columns.some((c) => toTarget.columns.includes(c))) continue;
        add({
          cardinality: 'many-to-many',
          source: toSource.target,
          target: toTarget.target,
          constraint: toTarget,
          sourceColumns: toSource.targetColumns,
          targetColumns: toTarget.targetColumns,
          junction: { relation: junction, toSource, toTarget },
        });
      }
    }
  }
  addComputedRelationships(cache, map);
  return map;
}

/**
 * Functions of one parameter, a row of a relation, returning rows of a relation. As PostgREST's
 * getOverrideRelationshipsMap, one named like a relation replaces the foreign-key relationships
 * from the same source to that relation.
 */
function addComputedRelationships(
  cache: Pick<SchemaCache, 'functions' | 'relations'>,
  map: Map<string, Relationship[]>,
): void {
  const byRowType = new Map<number, Relation>();
  for (const relation of cache.relations.values()) byRowType.set(relation.rowTypeOid, relation);
  for (const routines of cache.functions.values()) {
    for (const routine of routines) {
      const [only, ...more] = routine.parameters;
      if (!only || more.length || routine.result.kind !== 'relation') continue;
      const source = byRowType.get(only.typeOid);
      if (!source) continue;
      const toOne = !routine.returnsSet || routine.estimatedRows === 1;
      const list = (map.get(key(source)) ?? []).filter(
        (r) => r.computed || key(r.target) !== `${routine.schema}.${routine.name}`,
      );
      list.push({
        computed: routine,
        cardinality: toOne ? 'many-to-one' : 'one-to-many',
        source,
        target: routine.result.relation,
      });
      map.set(key(source), list);
    }
  }
}

export function relationshipIsToOne(relationship: Relationship): boolean {
  return relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
}

/** A relationship as PGRST201's details word it (names without schema, from the source's side). */
function describe(relationship: Relationship): RelationshipDescription {
  const { source, target } = relationship;
  let text: string;
  if (relationship.computed) {
    const { schema, name } = relationship.computed;
    text = `${schema}.${name}(${source.name})`;
  } else if (relationship.junction) {
    const { relation, toSource, toTarget } = relationship.junction;
    text = `${relation.name} using ${toSource.name}(${toSource.columns.join(', ')}) and ${toTarget.name}(${toTarget.columns.join(', ')})`;
  } else {
    text = `${relationship.constraint.name} using ${source.name}(${relationship.sourceColumns.join(', ')}) and ${target.name}(${relationship.targetColumns.join(', ')})`;
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${source.name} with ${target.name}`,
    relationship: text,
  };
}

function hintFor(relationship: Relationship, targetName: string): string {
  if (relationship.computed) return relationship.computed.name;
  return `${targetName}!${relationship.junction ? relationship.junction.relation.name : relationship.constraint.name}`;
}

/** PostgREST's matchFKSingleCol: the source's side of a single-column key. */
function sourceColumnIs(r: Relationship, name: string): boolean {
  return !r.computed && !r.junction && r.sourceColumns.length === 1 && r.sourceColumns[0] === name;
}

/** PostgREST's matchFKRefSingleCol: the target's side of a single-column key. */
function targetColumnIs(r: Relationship, name: string): boolean {
  return !r.computed && !r.junction && r.targetColumns.length === 1 && r.targetColumns[0] === name;
}

function constraintIs(r: Relationship, name: string): boolean {
  return !r.computed && !r.junction && r.constraint.name === name;
}

function isView(relation: Relation): boolean {
  return relation.kind === 'view' || relation.kind === 'materialized_view';
}

/**
 * Whether `name!hint` means `r`, as PostgREST's findRel decides. A self-reference has one FK
 * but two relationships: the table's name means the children (one-to-many), the FK column the
 * parent (many-to-one), and a hint names the children's FK column. Otherwise the name is the
 * target, an FK name or an FK column (those two never reach a view, which only inherits the
 * key), and a hint an FK name, a key column of either side or a junction.
 */
function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.computed) return r.computed.name === name;
  const self = r.source.oid === r.target.oid;
  if (self) {
    const children = r.target.name === name && r.cardinality === 'one-to-many';
    if (hint === undefined)
      return children || (r.cardinality === 'many-to-one' && sourceColumnIs(r, name));
    return children && targetColumnIs(r, hint);
  }
  if (hint === undefined) {
    return (
      r.target.name === name ||
      (!isView(r.target) && (constraintIs(r, name) || sourceColumnIs(r, name)))
    );
  }
  return (
    r.target.name === name &&
    (constraintIs(r, hint) ||
      sourceColumnIs(r, hint) ||
      targetColumnIs(r, hint) ||
      r.junction?.relation.name === hint)
  );
}

/**
 * The relationship an embed `name!hint(…)` of `source` means. `name` is the target relation,
 * an FK name, an FK column of the source or a computed relationship's function; `hint` an FK
 * name, a column of either side, or the junction of a many-to-many.
 */
export function findRelationship(
  cache: SchemaCache,
  source: Relation,
  name: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationships.get(key(source)) ?? [];
  let candidates = all.filter((r) => matches(r, name, hint));
  // A target in the source's own schema wins over same-named ones elsewhere.
  if (candidates.some((r) => r.target.schema === source.schema)) {
    candidates = candidates.filter(
      (r) => r.target.schema === source.schema || r.target.name !== name,
    );
  }
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const names = [...new Set(all.map((r) => r.target.name))];
    throw schemaErrors.noRelationship(source.name, name, source.schema, hint, closest(name, names));
  }
  throw schemaErrors.ambiguousRelationship(
    source.name,
    name,
    candidates.map(describe),
    candidates.map((r) => hintFor(r, name)),
  );
}
