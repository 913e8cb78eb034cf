// Writes through postgrest-js. Each asks for the written rows back (`return=representation`),
// because PostgREST answers an update or delete that row level security filtered out with success
// and no rows: only the rows that come back were written, and only they change on screen.
// The untyped client on purpose: this remote browses whichever tables the schema lists at run time,
// which the portal's `Database` type cannot name; rows are `Row` (column → value).
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError, DataErrorCode, restFailure } from '../errors/data-errors.js';
import { rowConditions, rowsOrTree, type Row } from '../query/row-identity.js';
import type { TableModel } from '../schema/openapi-model.js';

const REFUSED_HINT = 'Row level security may not let you change it, or someone else deleted it.';

/** Sets one column of one row; resolves with the row as the database now holds it. */
export async function updateCell(supabase: SupabaseClient, table: TableModel, row: Row, column: string, value: unknown): Promise<Row> {
  let query = supabase.from(table.name).update({ [column]: value });
  for (const condition of rowConditions(table, row)) query = query.filter(condition.column, condition.operator, condition.value);
  const { data, error } = await query.select();
  if (error) throw restFailure(error);
  const updated = (data ?? []) as Row[];
  if (updated.length === 0) throw new DataError(DataErrorCode.RowsNotChanged, `The database did not change this row. ${REFUSED_HINT}`);
  return updated[0]!;
}

/** Adds a row with the given columns (the others get their defaults); resolves with the new row. */
export async function insertRow(supabase: SupabaseClient, table: TableModel, values: Row): Promise<Row | null> {
  const { data, error } = await supabase.from(table.name).insert(values, { defaultToNull: false }).select();
  if (error) throw restFailure(error);
  // A row the person may add but not read comes back as nothing; it was still added.
  return ((data ?? []) as Row[])[0] ?? null;
}

/** Deletes the rows in one request; rejects when the database deleted fewer than asked. */
export async function deleteRows(supabase: SupabaseClient, table: TableModel, rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { data, error } = await supabase.from(table.name).delete().or(rowsOrTree(table, rows)).select();
  if (error) throw restFailure(error);
  const deleted = (data ?? []).length;
  if (deleted < rows.length) {
    const what = deleted === 0 ? `The database deleted none of the ${rows.length === 1 ? 'row' : `${rows.length} rows`}.` : `The database deleted ${deleted} of ${rows.length} rows.`;
    throw new DataError(DataErrorCode.RowsNotChanged, `${what} ${REFUSED_HINT}`);
  }
  return deleted;
}
