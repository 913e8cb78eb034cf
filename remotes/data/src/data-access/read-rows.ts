// Reads through postgrest-js: one page of a view (with its total), row counts, and every row of
// a view for an export. The request parts come from query/build-request.ts.
// The untyped client on purpose: this remote browses whichever tables the schema lists at run time,
// which the portal's `Database` type cannot name; rows are `Row` (column → value).
import type { SupabaseClient } from '@supabase/supabase-js';
import { restFailure } from '../errors/data-errors.js';
import { exportRequest, pageRequest, type ReadRequest } from '../query/build-request.js';
import type { Row } from '../query/row-identity.js';
import type { ViewState } from '../query/view-state.js';
import type { Embed } from '../relations/embeds.js';
import type { TableModel } from '../schema/openapi-model.js';

/** The postgrest-js filter builder, whatever its generic row type. */
interface FilterBuilder<Self> {
  filter(column: string, operator: string, value: unknown): Self;
  or(filters: string): Self;
  order(column: string, options: { ascending: boolean }): Self;
  range(from: number, to: number): Self;
  abortSignal(signal: AbortSignal): Self;
}

/** Applies a request's filters, search, order and range to a builder. */
export function applyRead<B extends FilterBuilder<B>>(builder: B, request: ReadRequest, signal?: AbortSignal): B {
  let query = builder;
  for (const condition of request.conditions) query = query.filter(condition.column, condition.operator, condition.value);
  if (request.or) query = query.or(request.or);
  for (const term of request.order) query = query.order(term.column, { ascending: term.ascending });
  if (request.range) query = query.range(request.range.from, request.range.to);
  if (signal) query = query.abortSignal(signal);
  return query;
}

export interface Page {
  rows: Row[];
  /** Rows matching the view in all (exact count). */
  total: number;
}

/** PostgREST answers 416 PGRST103 when the page starts past the last row. */
export const RANGE_NOT_SATISFIABLE = 'PGRST103';

export async function readPage(supabase: SupabaseClient, table: TableModel, view: ViewState, embeds: readonly Embed[], signal?: AbortSignal): Promise<Page> {
  const request = pageRequest(table, view, embeds);
  const { data, error, count } = await applyRead(supabase.from(table.name).select(request.select, { count: 'exact' }), request, signal);
  if (error) throw restFailure(error);
  return { rows: (data ?? []) as unknown as Row[], total: count ?? 0 };
}

/** How many rows of the view the person may see (a HEAD request with an exact count). */
export async function countRows(supabase: SupabaseClient, table: TableModel, view: ViewState, signal?: AbortSignal): Promise<number> {
  const request = { ...pageRequest(table, view, []), order: [], range: null };
  const { error, count } = await applyRead(supabase.from(table.name).select('*', { count: 'exact', head: true }), request, signal);
  if (error) throw restFailure(error);
  return count ?? 0;
}

/** PostgREST's default max-rows is 1000; chunks of that size never get cut short by it. */
const EXPORT_CHUNK = 1000;

/** Every row of the view, in its order, the table's own columns only. */
export async function readAllRows(supabase: SupabaseClient, table: TableModel, view: ViewState, signal?: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const request = exportRequest(table, view, offset, EXPORT_CHUNK);
    const { data, error } = await applyRead(supabase.from(table.name).select(request.select), request, signal);
    if (error) throw restFailure(error);
    const chunk = (data ?? []) as unknown as Row[];
    rows.push(...chunk);
    if (chunk.length < EXPORT_CHUNK) return rows;
  }
}
