// What a person is looking at, kept in the URL so a view can be bookmarked, shared, and walked
// with back/forward: `/data/<table>?f=<column>.<operator>.<value>&sort=<column>.<asc|desc>&q=…&page=2&size=50`.
import { FILTER_OPERATOR_IDS, type Filter, type FilterOperatorId } from './filter-operators.js';

export type SortDirection = 'asc' | 'desc';

export interface ViewSort {
  column: string;
  direction: SortDirection;
}

export interface ViewState {
  /** The table being browsed; null on the list of tables. */
  table: string | null;
  filters: readonly Filter[];
  sort: ViewSort | null;
  /** Full-text search over the table's text columns. */
  search: string;
  /** Counted from 1. */
  page: number;
  pageSize: number;
}

export const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

export const EMPTY_VIEW: ViewState = { table: null, filters: [], sort: null, search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

// The column is the shortest prefix followed by a known operator, so values may hold dots.
const FILTER_PARAM = new RegExp(`^(.+?)\\.(${[...FILTER_OPERATOR_IDS].sort((a, b) => b.length - a.length).join('|')})(?:\\.(.*))?$`, 's');
const SORT_PARAM = /^(.+)\.(asc|desc)$/s;

export function parseFilterParam(param: string): Filter | null {
  const match = FILTER_PARAM.exec(param);
  if (!match) return null;
  return { column: match[1]!, operator: match[2] as FilterOperatorId, value: match[3] ?? '' };
}

export function filterParam(filter: Filter): string {
  return filter.value === '' ? `${filter.column}.${filter.operator}` : `${filter.column}.${filter.operator}.${filter.value}`;
}

function positiveInteger(text: string | null, fallback: number): number {
  if (text === null || !/^\d+$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 ? value : fallback;
}

/** Reads the view from a location below `route` (e.g. `/data`). Unknown or broken parts fall back to defaults. */
export function parseViewLocation(route: string, pathname: string, search: string): ViewState {
  const rest = pathname.startsWith(route) ? pathname.slice(route.length) : '';
  const segment = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  let table: string | null = null;
  try {
    table = segment === '' ? null : decodeURIComponent(segment);
  } catch {
    table = segment;
  }
  const params = new URLSearchParams(search);
  const filters = params.getAll('f').flatMap((param) => parseFilterParam(param) ?? []);
  const sortMatch = SORT_PARAM.exec(params.get('sort') ?? '');
  const size = positiveInteger(params.get('size'), DEFAULT_PAGE_SIZE);
  return {
    table,
    filters,
    sort: sortMatch ? { column: sortMatch[1]!, direction: sortMatch[2] as SortDirection } : null,
    search: params.get('q') ?? '',
    page: positiveInteger(params.get('page'), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The path and query of a view; defaults are left out so URLs stay short. */
export function viewLocation(route: string, view: ViewState): string {
  if (view.table === null) return route;
  const params = new URLSearchParams();
  for (const filter of view.filters) params.append('f', filterParam(filter));
  if (view.sort) params.set('sort', `${view.sort.column}.${view.sort.direction}`);
  if (view.search !== '') params.set('q', view.search);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  const query = params.toString();
  return `${route}/${encodeURIComponent(view.table)}${query ? `?${query}` : ''}`;
}

/** A new view of `table` with nothing applied. */
export function tableView(table: string): ViewState {
  return { ...EMPTY_VIEW, table };
}
