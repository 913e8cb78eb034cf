// The remote's places, all under its route: search (`<route>`), add (`<route>/add`), the
// person's documents (`<route>/documents`), and one document opened at a passage
// (`<route>/doc/<id>?passage=<n>`).

export type SearchPlace =
  | { page: 'search' }
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
  return { page: 'search' };
}

export const documentHref = (route: string, id: string, passage?: number) =>
  `${route}/doc/${id}${passage === undefined ? '' : `?passage=${passage}`}`;
