// The remote's places, all under its route: search (`<route>?q=…&mode=…&source=…&from=…&to=…`,
// so a reload, a shared link and back/forward show the same search), add (`<route>/add`), the
// person's documents (`<route>/documents`), and one document opened at a passage
// (`<route>/doc/<id>?passage=<n>`).

import type { SearchMode } from './data-access/search-api.js';
import type { SourceKind } from './text/extract-text.js';

export type SourceFilter = '' | SourceKind;

/** A search as the address keeps it; days are `YYYY-MM-DD` ('' when not set). */
export interface SearchQuery {
  query: string;
  mode: SearchMode;
  source: SourceFilter;
  from: string;
  to: string;
}

export const EMPTY_QUERY: SearchQuery = { query: '', mode: 'hybrid', source: '', from: '', to: '' };

const MODES: readonly SearchMode[] = ['hybrid', 'vector', 'fulltext'];
const SOURCES: readonly SourceFilter[] = ['paste', 'text', 'markdown', 'html', 'pdf'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search in an address's query string; anything unknown falls back to the default. */
export function parseSearchQuery(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  const mode = params.get('mode') as SearchMode;
  const source = params.get('source') as SourceFilter;
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    query: (params.get('q') ?? '').slice(0, 2000),
    mode: MODES.includes(mode) ? mode : 'hybrid',
    source: SOURCES.includes(source) ? source : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The address of a search: only what differs from the defaults is written. */
export function searchHref(route: string, query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.query) params.set('q', query.query);
  if (query.mode !== 'hybrid') params.set('mode', query.mode);
  if (query.source) params.set('source', query.source);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  return search ? `${route}?${search}` : route;
}

export type SearchPlace =
  | { page: 'search'; query: SearchQuery }
  | { page: 'add' }
  | { page: 'documents' }
  | { page: 'document'; id: string; passage: number | null };

export function parseSearchLocation(route: string, pathname: string, search: string): SearchPlace {
  const rest = pathname.startsWith(route)
    ? pathname.slice(route.length).replace(/^\/+|\/+$/g, '')
    : '';
  if (rest === 'add') return { page: 'add' };
  if (rest === 'documents') return { page: 'documents' };
  const doc = /^doc\/([0-9a-f-]{36})$/i.exec(rest);
  if (doc) {
    const passage = new URLSearchParams(search).get('passage');
    return {
      page: 'document',
      id: doc[1]!,
      passage: passage !== null && /^\d+$/.test(passage) ? Number(passage) : null,
    };
  }
  return { page: 'search', query: parseSearchQuery(search) };
}

export const documentHref = (route: string, id: string, passage?: number) =>
  `${route}/doc/${id}${passage === undefined ? '' : `?passage=${passage}`}`;
