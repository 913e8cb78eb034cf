// Writes through postgrest-js. Each asks for the written rows back (`return=representation`),
// because PostgREST answers an update or delete that row level security filtered out with success
// and no rows: only the rows that come back were written, and only they change on screen.
// The untyped client on purpose: this remote browses whichever tables the schema lists at run time,
// which the portal's `Database` type cannot name; rows are `Row` (column → value).
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError, DataErrorCode, restFailure } from '../errors/data-errors.js';
import { rowConditions, rowsOrTree, type Row } from '../query/row-identity.js';
import { sameValue, unchangedCondition } from '../query/unchanged-value.js';
import { findColumn, type TableModel } from '../schema/openapi-model.js';
import { cellText } from '../values/format-value.js';

const REFUSED_HINT = 'Row level security may not let you change it, or someone else deleted it.';

/** Reads one row again by its key (after an update that reached none). */
async function readRow(supabase: SupabaseClient, table: TableModel, row: Row): Promise<Row | null> {
  let query = supabase.from(table.name).select('*');
  for (const condition of rowConditions(table, row)) query = query.filter(condition.column, condition.operator, condition.value);
  const { data, error } = await query.limit(1);
  if (error) throw restFailure(error);
  return ((data ?? []) as Row[])[0] ?? null;
}

/**
 * Sets one column of one row; resolves with the row as the database now holds it. With
 * `previous` (the value the person started from), the update also asks that the cell still holds
 * it, so a change someone else saved meanwhile is never overwritten without a word: the update
 * then reaches no row, and the row read again tells a conflict (EditConflict, with what the cell
 * holds now) from a refusal.
 */
export async function updateCell(supabase: SupabaseClient, table: TableModel, row: Row, column: string, value: unknown, previous?: { value: unknown }): Promise<Row> {
  let query = supabase.from(table.name).update({ [column]: value });
  for (const condition of rowConditions(table, row)) query = query.filter(condition.column, condition.operator, condition.value);
  const model = findColumn(table, column);
  const guard = previous && model ? unchangedCondition(model, previous.value) : null;
  if (guard) query = query.filter(guard.column, guard.operator, guard.value);
  const { data, error } = await query.select();
  if (error) throw restFailure(error);
  const updated = (data ?? []) as Row[];
  if (updated[0]) return updated[0];
  if (guard && previous) {
    const now = await readRow(supabase, table, row);
    if (!now) throw new DataError(DataErrorCode.RowsNotChanged, 'The row is gone: someone deleted it, or you may no longer see it.');
    // The same value saved twice (a save sent again after an outage whose first answer was lost).
    if (sameValue(now[column], value)) return now;
    if (!sameValue(now[column], previous.value)) {
      const shown = now[column] === null || now[column] === undefined ? 'empty (NULL)' : `“${cellText(now[column])}”`;
      throw new DataError(
        DataErrorCode.EditConflict,
        `Someone else changed ${column} to ${shown} after you started editing, so your value was not saved.`,
        null,
        now[column],
      );
    }
  }
  throw new DataError(DataErrorCode.RowsNotChanged, `The database did not change this row. ${REFUSED_HINT}`);
}

/** Adds a row with the given columns (the others get their defaults); resolves with the new row. */
export async function insertRow(supabase: SupabaseClient, table: TableModel, values: Row): Promise<Row | null> {
  const { data, error } = await supabase.from(table.name).insert(values, { defaultToNull: false }).select();
  if (error) throw restFailure(error);
  // A row the person may add but not read comes back as nothing; it was still added.
  return ((data ?? []) as Row[])[0] ?? null;
}

/** Deletes the rows in one request; resolves with them as they were; rejects when the database deleted fewer than asked. */
export async function deleteRows(supabase: SupabaseClient, table: TableModel, rows: readonly Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const { data, error } = await supabase.from(table.name).delete().or(rowsOrTree(table, rows)).select();
  if (error) throw restFailure(error);
  const deleted = (data ?? []).length;
  if (deleted < rows.length) {
    const what = deleted === 0 ? `The database deleted none of the ${rows.length === 1 ? 'row' : `${rows.length} rows`}.` : `The database deleted ${deleted} of ${rows.length} rows.`;
    throw new DataError(DataErrorCode.RowsNotChanged, `${what} ${REFUSED_HINT}`);
  }
  return data as Row[];
}

/** PostgreSQL's refusal of a value for a `generated always` column (identity or generated). */
const GENERATED_ALWAYS = '428C9';

/**
 * Puts deleted rows back as they were. A column the database generates always (an identity key)
 * takes no value from outside: such rows come back with a new key, which the answer holds.
 */
export async function restoreRows(supabase: SupabaseClient, table: TableModel, rows: readonly Row[], generated: readonly string[]): Promise<{ rows: Row[]; newKeys: boolean }> {
  const first = await supabase.from(table.name).insert([...rows], { defaultToNull: false }).select();
  if (!first.error) return { rows: (first.data ?? []) as Row[], newKeys: false };
  if (first.error.code !== GENERATED_ALWAYS || generated.length === 0) throw restFailure(first.error);
  const without = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !generated.includes(column))));
  const second = await supabase.from(table.name).insert(without, { defaultToNull: false }).select();
  if (second.error) throw restFailure(second.error);
  return { rows: (second.data ?? []) as Row[], newKeys: true };
}
