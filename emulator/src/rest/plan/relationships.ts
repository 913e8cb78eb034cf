// Relationships between relations, as PostgREST derives them from foreign keys: many-to-one
// (the FK is on the source), one-to-many (on the target), one-to-one (FK columns unique) and
// many-to-many through a junction whose two FKs are part of its primary key or a unique key.
// Picking one for an embed follows PostgREST: by target name, FK name or FK column, `!hint`
// to disambiguate, PGRST200 when none fits and PGRST201 when several do.
import { schemaErrors, type RelationshipDescription } from '../errors.js';
import type { ForeignKey, Relation, SchemaCache } from '../schema-cache.js';
import { closest } from './suggest.js';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
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
  cache: Pick<SchemaCache, 'foreignKeys'>,
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
  return map;
}

function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
}

export function relationshipIsToOne(relationship: Relationship): boolean {
  return isToOne(relationship);
}

/** A relationship as PGRST201's details word it (names without schema, from the source's side). */
function describe(relationship: Relationship): RelationshipDescription {
  const { source, target, constraint } = relationship;
  let text: string;
  if (relationship.junction) {
    const { relation, toSource, toTarget } = relationship.junction;
    text = `${relation.name} using ${toSource.name}(${toSource.columns.join(', ')}) and ${toTarget.name}(${toTarget.columns.join(', ')})`;
  } else {
    text = `${constraint.name} using ${source.name}(${relationship.sourceColumns.join(', ')}) and ${target.name}(${relationship.targetColumns.join(', ')})`;
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${source.name} with ${target.name}`,
    relationship: text,
  };
}

function hintFor(relationship: Relationship, targetName: string): string {
  return `${targetName}!${relationship.junction ? relationship.junction.relation.name : relationship.constraint.name}`;
}

/**
 * The relationship an embed `name!hint(…)` of `source` means. `name` is the target relation,
 * an FK name or an FK column of the source; `hint` an FK name, a column of either side, or
 * the junction of a many-to-many.
 */
export function findRelationship(
  cache: SchemaCache,
  source: Relation,
  name: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationships.get(key(source)) ?? [];
  let candidates = all.filter((r) => {
    if (r.target.name === name) return true;
    if (r.junction) return false;
    // By FK name: `messages?select=*,messages_author_fkey(*)`.
    if (r.constraint.name === name) return true;
    // By the FK column of a many-to-one: `messages?select=*,author_id(*)`.
    return (
      isToOne(r) &&
      r.constraint.source === source &&
      r.sourceColumns.length === 1 &&
      r.sourceColumns[0] === name
    );
  });
  // A target in the source's own schema wins over same-named ones elsewhere.
  if (candidates.some((r) => r.target.schema === source.schema)) {
    candidates = candidates.filter(
      (r) => r.target.schema === source.schema || r.target.name !== name,
    );
  }
  if (hint !== undefined) {
    candidates = candidates.filter((r) => {
      if (r.junction) {
        return (
          r.junction.relation.name === hint ||
          r.junction.toSource.name === hint ||
          r.junction.toTarget.name === hint
        );
      }
      if (r.constraint.name === hint) return true;
      const columns = [...r.sourceColumns, ...r.targetColumns];
      return (
        columns.length > 0 && (r.sourceColumns.includes(hint) || r.targetColumns.includes(hint))
      );
    });
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
