// Relationships between relations, as PostgREST derives them from foreign keys: many-to-one
// (the FK is on the source), one-to-many (on the target), one-to-one (FK columns unique) and
// many-to-many through a junction whose two FKs are part of its primary key or a unique key;
// computed relationships (a function taking a row of the source and returning rows of the
// target); and the keys views inherit from the tables they read.
import type { ForeignKey, Relation, Relationship, SchemaCache } from './model.js';

/**
 * Views get the keys and foreign keys of the tables they read, where the view shows the key
 * columns under their own names (PostgREST traces view columns more precisely; renamed key
 * columns are not followed here). A view over one table also takes its primary key.
 */
export function inferViewKeys(
  byOid: Map<number, Relation>,
  foreignKeys: ForeignKey[],
  rows: { view: string | number; base: string | number; column: string }[],
): ForeignKey[] {
  const used = new Map<Relation, Map<Relation, Set<string>>>();
  for (const row of rows) {
    const view = byOid.get(Number(row.view));
    const base = byOid.get(Number(row.base));
    if (!view || !base) continue;
    const bases = used.get(view) ?? new Map<Relation, Set<string>>();
    const columns = bases.get(base) ?? new Set<string>();
    columns.add(row.column);
    bases.set(base, columns);
    used.set(view, bases);
  }
  const shows = (view: Relation, columns: Set<string>, names: string[]) =>
    names.length > 0 && names.every((n) => columns.has(n) && view.columnsByName.has(n));
  const inferred: ForeignKey[] = [];
  for (const [view, bases] of used) {
    if (bases.size === 1) {
      const [base, columns] = [...bases][0]!;
      if (shows(view, columns, base.primaryKey) && view.primaryKey.length === 0) {
        view.primaryKey = base.primaryKey;
        view.uniqueKeys.push(...base.uniqueKeys.filter((key) => shows(view, columns, key)));
      }
    }
    for (const [base, columns] of bases) {
      for (const fk of foreignKeys) {
        if (fk.source === base && shows(view, columns, fk.columns)) {
          inferred.push({ ...fk, source: view });
        }
        if (fk.target === base && fk.source !== base && shows(view, columns, fk.targetColumns)) {
          inferred.push({ ...fk, target: view });
        }
      }
    }
  }
  return inferred;
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
