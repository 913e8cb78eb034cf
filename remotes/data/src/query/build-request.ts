// A view (table, filters, search, sort, page) → the parts of one PostgREST read, as plain data
// that data-access applies to a postgrest-js builder.
import { type Embed, selectWithEmbeds } from '../relations/embeds.js';
import type { TableModel } from '../schema/openapi-model.js';
import { checkFilter, filterCondition, type Condition, type Filter } from './filter-operators.js';
import { treeColumn, treeValue } from './postgrest-syntax.js';
import type { ViewState } from './view-state.js';

export interface OrderTerm {
  column: string;
  ascending: boolean;
}

export interface ReadRequest {
  select: string;
  conditions: Condition[];
  /** The body of an `or=(…)` tree (full-text search), or null. */
  or: string | null;
  order: OrderTerm[];
  /** Inclusive row offsets, as postgrest-js `range(from, to)`. */
  range: { from: number; to: number } | null;
}

/** Filters of the view that fit the table (unknown columns and unchecked values are left out). */
export function applicableFilters(table: TableModel, filters: readonly Filter[]): Filter[] {
  return filters.filter((filter) => {
    const column = table.columns.find((c) => c.name === filter.column);
    return column !== undefined && checkFilter(column, filter) === null;
  });
}

/** Columns the search box looks in: every text column. */
export function searchableColumns(table: TableModel): string[] {
  return table.columns.filter((c) => c.kind === 'text').map((c) => c.name);
}

/**
 * Full-text search over every text column: `or=(a.wfts.q,b.wfts.q)`. `wfts` is websearch syntax
 * (quoted phrases, `or`, `-word`), and PostgREST applies to_tsvector to text columns itself.
 */
export function searchTree(table: TableModel, search: string): string | null {
  const query = search.trim();
  const columns = searchableColumns(table);
  if (query === '' || columns.length === 0) return null;
  return columns.map((column) => `${treeColumn(column)}.wfts.${treeValue(query)}`).join(',');
}

/** The sort, then the primary key as a tie-breaker so pages never overlap or skip rows. */
export function orderTerms(table: TableModel, view: ViewState): OrderTerm[] {
  const terms: OrderTerm[] = [];
  const sorted = view.sort && table.columns.some((c) => c.name === view.sort!.column) ? view.sort : null;
  if (sorted) terms.push({ column: sorted.column, ascending: sorted.direction === 'asc' });
  for (const column of table.primaryKey) if (column !== sorted?.column) terms.push({ column, ascending: true });
  return terms;
}

/** Everything but the range: what a page, a count and an export of the view share. */
function viewRequest(table: TableModel, view: ViewState, select: string): ReadRequest {
  const conditions = applicableFilters(table, view.filters).map((filter) => filterCondition(table.columns.find((c) => c.name === filter.column)!, filter));
  return { select, conditions, or: searchTree(table, view.search), order: orderTerms(table, view), range: null };
}

/** One page of the view, with related rows embedded. */
export function pageRequest(table: TableModel, view: ViewState, embeds: readonly Embed[]): ReadRequest {
  const from = (view.page - 1) * view.pageSize;
  return { ...viewRequest(table, view, selectWithEmbeds(embeds)), range: { from, to: from + view.pageSize - 1 } };
}

/** Every row of the view (for an export), the table's own columns only, `chunk` rows at a time. */
export function exportRequest(table: TableModel, view: ViewState, offset: number, chunk: number): ReadRequest {
  return { ...viewRequest(table, view, '*'), range: { from: offset, to: offset + chunk - 1 } };
}
