// Which row is which: the primary key picks a row for updates and deletes, and keys React rows,
// the selection and the "changed by someone else" highlight.
import type { TableModel } from '../schema/openapi-model.js';
import type { Condition } from './filter-operators.js';
import { treeColumn, treeValue } from './postgrest-syntax.js';

export type Row = Record<string, unknown>;

/** Rows of tables without a primary key (most views) cannot be told apart, so they are read-only. */
export function isEditableTable(table: TableModel): boolean {
  return table.primaryKey.length > 0;
}

/** A stable key for a row: its primary-key values as JSON; null when the table has no key. */
export function rowKey(table: TableModel, row: Row): string | null {
  if (table.primaryKey.length === 0) return null;
  return JSON.stringify(table.primaryKey.map((column) => row[column] ?? null));
}

function keyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `eq` conditions on every primary-key column: exactly this row. */
export function rowConditions(table: TableModel, row: Row): Condition[] {
  return table.primaryKey.map((column) => ({ column, operator: 'eq', value: keyText(row[column]) }));
}

/** An `or=(…)` tree naming several rows (for one request deleting all of them). */
export function rowsOrTree(table: TableModel, rows: readonly Row[]): string {
  return rows
    .map((row) => {
      const parts = table.primaryKey.map((column) => `${treeColumn(column)}.eq.${treeValue(keyText(row[column]))}`);
      return parts.length === 1 ? parts[0]! : `and(${parts.join(',')})`;
    })
    .join(',');
}
