// The URL of a files view, so a folder (with its selection, view, sort and filter) can be
// bookmarked and shared: `<route>/<bucket>/<folder…>/?view=grid&sort=updated_at.desc&q=rep&sel=a.txt&sel=b.png&open=a.txt`;
// an area's trash is its root folder with `?trash`.
// The folder is the object-name prefix (`''` at a bucket's root, else ending in `/`); selected
// and opened entries are names inside that folder. Defaults are left out of the URL.

export type ViewMode = 'list' | 'grid';
export type SortColumn = 'name' | 'updated_at';
export type SortOrder = 'asc' | 'desc';

export interface FilesView {
  /** null: the list of buckets and areas. */
  bucket: string | null;
  folder: string;
  view: ViewMode;
  sort: SortColumn;
  order: SortOrder;
  /** Names starting with this text (the storage listing filters by prefix). */
  filter: string;
  selected: string[];
  /** The file being previewed, by its name in the folder. */
  open: string | null;
  /** The trash of the area whose root `folder` is. */
  trash: boolean;
}

export const DEFAULT_VIEW: FilesView = {
  bucket: null,
  folder: '',
  view: 'list',
  sort: 'name',
  order: 'asc',
  filter: '',
  selected: [],
  open: null,
  trash: false,
};

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function parseFilesLocation(route: string, pathname: string, search: string): FilesView {
  const rest = pathname.startsWith(route) ? pathname.slice(route.length) : '';
  const segments = rest.split('/').filter(Boolean).map(decodeSegment);
  const params = new URLSearchParams(search);
  const [bucket, ...folders] = segments;
  const sortParam = params.get('sort') ?? '';
  const [sortColumn, sortOrder] = sortParam.split('.');
  return {
    bucket: bucket ?? null,
    folder: folders.length > 0 ? `${folders.join('/')}/` : '',
    view: params.get('view') === 'grid' ? 'grid' : 'list',
    sort: sortColumn === 'updated_at' ? 'updated_at' : 'name',
    order: sortOrder === 'desc' ? 'desc' : 'asc',
    filter: params.get('q') ?? '',
    selected: params.getAll('sel'),
    open: params.get('open'),
    trash: params.has('trash'),
  };
}

export function filesHref(route: string, view: FilesView): string {
  if (view.bucket === null) return route;
  const segments = [view.bucket, ...view.folder.split('/').filter(Boolean)].map(encodeURIComponent);
  const params = new URLSearchParams();
  if (view.view !== 'list') params.set('view', view.view);
  if (view.sort !== 'name' || view.order !== 'asc')
    params.set('sort', `${view.sort}.${view.order}`);
  if (view.filter) params.set('q', view.filter);
  for (const name of view.selected) params.append('sel', name);
  if (view.open) params.set('open', view.open);
  if (view.trash) params.set('trash', '');
  const query = params.toString();
  return `${route}/${segments.join('/')}/${query ? `?${query}` : ''}`;
}

/** The view of another folder: selection, preview and filter belong to the folder left behind. */
export function folderView(view: FilesView, bucket: string, folder: string): FilesView {
  return { ...view, bucket, folder, selected: [], open: null, filter: '', trash: false };
}

/**
 * The address that clears the selection of `bucket`/`folder` in the view the page shows now
 * (`here`, read when an action ends), or null when the person has left that folder meanwhile.
 * An action that ends after they moved on (another folder, the grid, a sort) must not take
 * them back to the view of the moment it started.
 */
export function selectionClearedHref(
  route: string,
  bucket: string,
  folder: string,
  here: { pathname: string; search: string },
): string | null {
  const now = parseFilesLocation(route, here.pathname, here.search);
  if (now.bucket !== bucket || now.folder !== folder) return null;
  return filesHref(route, { ...now, selected: [] });
}
