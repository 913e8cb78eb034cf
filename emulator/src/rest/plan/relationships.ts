// Picking the relationship an embed means, as PostgREST's findRel: by target name, FK name or
// FK column, `!hint` to disambiguate, its convention for self-references, PGRST200 when none
// fits and PGRST201 when several do. The relationships themselves are built with the schema
// cache (schema/relationships.ts).
import { schemaErrors, type RelationshipDescription } from '../errors.js';
import type { Relation, Relationship, SchemaCache } from '../schema/model.js';
import { closest } from './suggest.js';

function key(relation: Relation): string {
  return `${relation.schema}.${relation.name}`;
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
