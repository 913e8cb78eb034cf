// The column that names a row for people (a project's `name`, a profile's `display_name`), chosen
// from generic words only: the remote knows no table's names.
import type { TableModel } from '../schema/openapi-model.js';

// Column names that usually name a row, in order of preference.
const LABEL_NAMES = ['name', 'title', 'label', 'display_name', 'full_name', 'username', 'email', 'slug', 'code'];

/** The column that best names a row of `table`; `fallback` (the key) when none does. */
export function labelColumnOf(table: TableModel, fallback: string): string {
  for (const name of LABEL_NAMES) {
    const column = table.columns.find((c) => c.name === name);
    if (column && column.kind !== 'json' && column.kind !== 'array') return column.name;
  }
  const text = table.columns.find((c) => c.kind === 'text' && !c.primaryKey && !c.foreignKey);
  return text?.name ?? fallback;
}
