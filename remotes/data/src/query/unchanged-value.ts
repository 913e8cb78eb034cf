// "Only if the cell still holds what I read": the condition an update adds so that a value someone
// else saved meanwhile is not overwritten unseen (optimistic concurrency on the one cell edited,
// so two people changing different cells of a row do not collide).
import type { Condition } from './filter-operators.js';
import { arrayElement } from './postgrest-syntax.js';
import type { ColumnModel } from '../schema/openapi-model.js';
import type { ColumnKind } from '../schema/column-kind.js';

/** Kinds whose values compare equal in Postgres exactly when their JSON texts do. */
const COMPARABLE = new Set<ColumnKind>(['text', 'uuid', 'integer', 'number', 'boolean', 'date', 'timestamptz', 'timestamp', 'time', 'enum', 'json', 'array']);

function arrayLiteralOf(values: readonly unknown[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : arrayElement(typeof v === 'string' ? v : JSON.stringify(v)))).join(',')}}`;
}

/** The condition "the column still holds `previous`", or null for kinds that cannot be compared so. */
export function unchangedCondition(column: ColumnModel, previous: unknown): Condition | null {
  if (!COMPARABLE.has(column.kind)) return null;
  if (previous === null || previous === undefined) return { column: column.name, operator: 'is', value: 'null' };
  if (column.kind === 'array') return Array.isArray(previous) && column.itemKind !== 'json' ? { column: column.name, operator: 'eq', value: arrayLiteralOf(previous) } : null;
  if (column.kind === 'json') return { column: column.name, operator: 'eq', value: JSON.stringify(previous) };
  return { column: column.name, operator: 'eq', value: typeof previous === 'string' ? previous : JSON.stringify(previous) };
}

/** Whether two values the server sent are the same (JSON values compared by their text). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  return JSON.stringify(a) === JSON.stringify(b);
}
