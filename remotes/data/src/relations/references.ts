// Which rows a foreign-key column may point at, and what names them for people: the table whose
// rows a picker offers and whose label a cell shows instead of the raw key. PostgREST's
// description names a key's target without its schema (`<fk table='users' column='id'/>`); a
// target the API does not expose (Supabase's `auth.users`) is stood in for by an exposed table
// whose own primary key points at the same target (a `profiles` table keyed by the user's id),
// as a table editor shows a person's name where the column holds their id.
import type { ColumnKind } from '../schema/column-kind.js';
import type { ColumnModel, SchemaModel, TableModel } from '../schema/openapi-model.js';
import { labelColumnOf } from './labels.js';

export interface Reference {
  /** The foreign-key column of the browsed table. */
  column: string;
  /** The table whose rows are offered and named. */
  table: string;
  /** Its column holding the values the foreign key takes. */
  keyColumn: string;
  keyKind: ColumnKind;
  /** Its column that names a row (the key itself when nothing better exists). */
  labelColumn: string;
  /** `table` is the key's own target; otherwise it stands in for a target the API does not expose. */
  direct: boolean;
}

const readable = (table: TableModel | undefined): table is TableModel => table !== undefined && table.canRead;

/** The exposed table that stands for an unexposed target: its one-column primary key points at it. */
function standIn(model: SchemaModel, target: { table: string; column: string }): { table: TableModel; key: ColumnModel } | null {
  for (const table of model.tables) {
    if (!readable(table) || table.primaryKey.length !== 1) continue;
    const key = table.columns.find((c) => c.name === table.primaryKey[0]);
    if (key?.foreignKey && key.foreignKey.table === target.table && key.foreignKey.column === target.column) return { table, key };
  }
  return null;
}

/**
 * The reference of a foreign-key column, or null when no readable table can name its rows. A
 * table does not stand in for its own key's target (a profile's id names itself).
 */
export function referenceFor(column: ColumnModel, model: SchemaModel, from?: TableModel): Reference | null {
  const fk = column.foreignKey;
  if (!fk) return null;
  const target = model.tables.find((t) => t.name === fk.table);
  if (target) {
    const key = target.columns.find((c) => c.name === fk.column);
    if (!readable(target) || !key) return null;
    return { column: column.name, table: target.name, keyColumn: key.name, keyKind: key.kind, labelColumn: labelColumnOf(target, key.name), direct: true };
  }
  const stand = standIn(model, fk);
  if (!stand || stand.table.name === from?.name) return null;
  return {
    column: column.name,
    table: stand.table.name,
    keyColumn: stand.key.name,
    keyKind: stand.key.kind,
    labelColumn: labelColumnOf(stand.table, stand.key.name),
    direct: false,
  };
}

/** The references of a table's foreign-key columns, by column name. */
export function referencesOf(table: TableModel, model: SchemaModel): ReadonlyMap<string, Reference> {
  const found = new Map<string, Reference>();
  for (const column of table.columns) {
    const reference = referenceFor(column, model, table);
    if (reference) found.set(column.name, reference);
  }
  return found;
}
