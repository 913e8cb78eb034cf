// One folder of a bucket: breadcrumb, the bucket's limits, filter, sort, list or grid, paging
// by cursor, selection and the actions on it, each entry's menu (its "More actions" button or a
// right click), who last changed each file in a project's folders, the place's Trash, uploads by
// picker or drop (files and folders).
import { navigate, usePortal, useProfiles, useRetryWhenBack } from '@portal/platform';
import {
  Alert,
  Button,
  Checkbox,
  EmptyState,
  ErrorState,
  FileDrop,
  FileIcon,
  FolderIcon,
  Inline,
  PageHeader,
  ProgressBar,
  Select,
  Spinner,
  Stack,
  Table,
  TextInput,
  TextLink,
  type TableColumn,
} from '@portal/ui';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { describeFailure, filesFailure, whatNext, type FilesFailure } from '../failures.js';
import { droppedFiles, type PickedFile } from '../folder-drop.js';
import { moveEntries, moveProblem, takenAt } from '../move-entries.js';
import { filesHref, folderView, selectionClearedHref, type FilesView } from '../location.js';
import { placeCrumbs, placeOf } from '../places.js';
import {
  listFolderPage,
  moveFailureInWords,
  objectAuthors,
  readBucket,
  thumbnailUrls,
  NOT_YOURS,
  type Area,
  authorName,
  type Author,
  type BucketFacts,
  type Entry,
} from '../storage-access.js';
import { areaRootOf } from '../trash.js';
import { sizeInWords } from '../upload/checks.js';
import { EntryMenu, openEntryMenuFrom, type EntryAction } from './EntryMenu.js';
import { FileActions, NewFolder, type FileActionsHandle } from './FileActions.js';
import { PreviewDialog } from './PreviewDialog.js';
import { UploadQueuePanel, useUploadQueue } from './UploadQueuePanel.js';

interface Props {
  route: string;
  view: FilesView;
  areas: Area[];
  userId: string;
}

type Listing =
  | { status: 'loading' }
  | { status: 'error'; error: FilesFailure }
  | {
      status: 'ready';
      entries: Entry[];
      nextCursor: string | null;
      loadingMore: boolean;
      /** These entries are the folder's before its latest change; it is being read again. */
      reloading: boolean;
    };

function limitsInWords(bucket: BucketFacts): string {
  const size =
    bucket.fileSizeLimit !== null
      ? `Files up to ${sizeInWords(bucket.fileSizeLimit)}`
      : 'Files of any size';
  const types =
    bucket.allowedMimeTypes && bucket.allowedMimeTypes.length > 0
      ? `of these types: ${bucket.allowedMimeTypes.join(', ')}`
      : 'of any type';
  return `${size}, ${types}.`;
}

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '';
}

/** What an entry dragged inside the page carries (its names), told apart from files from outside. */
const DRAG_TYPE = 'application/x-portal-files';

const SORTS = [
  { value: 'name.asc', label: 'Name, A to Z' },
  { value: 'name.desc', label: 'Name, Z to A' },
  { value: 'updated_at.desc', label: 'Newest first' },
  { value: 'updated_at.asc', label: 'Oldest first' },
];

export function FolderBrowser({ route, view, areas, userId }: Props): ReactNode {
  const { supabase } = usePortal();
  const bucketId = view.bucket!;
  const area = placeOf(areas, bucketId, view.folder);
  const [bucket, setBucket] = useState<BucketFacts | null>(null);
  const [bucketError, setBucketError] = useState<FilesFailure | null>(null);
  const [bucketReads, setBucketReads] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [filterText, setFilterText] = useState(view.filter);
  const go = useCallback(
    (next: FilesView, replace = false) => navigate(filesHref(route, next), { replace }),
    [route],
  );

  useEffect(() => {
    let live = true;
    readBucket(supabase, bucketId).then(
      (facts) => {
        if (!live) return;
        setBucket(facts);
        setBucketError(null);
      },
      (error: unknown) => live && setBucketError(filesFailure(error)),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucketId, bucketReads]);
  useRetryWhenBack(bucketError?.unreachable === true, () => setBucketReads((n) => n + 1));

  // The listing belongs to the request that produced it. A newer request for the same folder,
  // filter and sort (a reload after an upload, copy, rename, move or delete) keeps the entries
  // shown, marked busy, until the new ones arrive: without them the selection's toolbar, an
  // open preview and a dialog with what was typed in it unmounted until the listing was back.
  // Another folder, filter or sort shows "loading": the old entries are not the new view's.
  const [reloads, setReloads] = useState(0);
  const query = JSON.stringify([bucketId, view.folder, view.filter, view.sort, view.order]);
  const requestKey = JSON.stringify([query, reloads]);
  const [loaded, setLoaded] = useState<{ key: string; query: string; listing: Listing } | null>(
    null,
  );
  const listing: Listing = useMemo(() => {
    if (loaded?.key === requestKey) return loaded.listing;
    if (loaded?.query === query && loaded.listing.status === 'ready')
      return { ...loaded.listing, reloading: true };
    return { status: 'loading' };
  }, [loaded, requestKey, query]);
  // How many entries of this query are on screen, "Show more" included: a reload reads as many,
  // or the entries of later pages (and their selection, an open preview) would go.
  const shown = useRef({ query: '', count: 0 });
  useEffect(() => {
    shown.current = {
      query: loaded?.query ?? '',
      count: loaded?.listing.status === 'ready' ? loaded.listing.entries.length : 0,
    };
  }, [loaded]);
  const load = useCallback(() => setReloads((n) => n + 1), []);
  // After an action on the selection: the selection is cleared in the view the page shows when
  // the action ends, which the person may have changed meanwhile (a copy or a drag does not hold
  // the page); from another folder, nothing moves. With this render's `view` a copy that ended
  // after the person had opened another folder took them back to this one.
  const clearSelection = useCallback(() => {
    const href = selectionClearedHref(route, bucketId, view.folder, window.location);
    if (href) navigate(href, { replace: true });
  }, [route, bucketId, view.folder]);
  const changed = useCallback(() => {
    clearSelection();
    load();
  }, [clearSelection, load]);

  useEffect(() => {
    let live = true;
    const options = { filter: view.filter, sort: view.sort, order: view.order };
    void (async () => {
      let page = await listFolderPage(supabase, bucketId, view.folder, { ...options, cursor: null });
      const entries = [...page.entries];
      // Read on each round: a "Show more" that ends meanwhile adds to what is shown.
      const wanted = () => (shown.current.query === query ? shown.current.count : 0);
      while (live && page.nextCursor && entries.length < wanted()) {
        page = await listFolderPage(supabase, bucketId, view.folder, {
          ...options,
          cursor: page.nextCursor,
        });
        entries.push(...page.entries);
      }
      if (!live) return;
      setLoaded({
        key: requestKey,
        query,
        listing: {
          status: 'ready',
          entries,
          nextCursor: page.nextCursor,
          loadingMore: false,
          reloading: false,
        },
      });
    })().catch(
      (error: unknown) =>
        live &&
        setLoaded({
          key: requestKey,
          query,
          listing: { status: 'error', error: filesFailure(error) },
        }),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucketId, view.folder, view.filter, view.sort, view.order, query, requestKey]);

  const loadMore = () => {
    // While the folder is read again the cursor is the old listing's: "Show more" waits for it.
    if (listing.status !== 'ready' || !listing.nextCursor || listing.reloading) return;
    const key = requestKey;
    setLoaded({ key, query, listing: { ...listing, loadingMore: true } });
    listFolderPage(supabase, bucketId, view.folder, {
      filter: view.filter,
      sort: view.sort,
      order: view.order,
      cursor: listing.nextCursor,
    }).then(
      (page) =>
        setLoaded((current) =>
          current?.key === key && current.listing.status === 'ready'
            ? {
                key,
                query,
                listing: {
                  ...current.listing,
                  entries: [...current.listing.entries, ...page.entries],
                  nextCursor: page.nextCursor,
                  loadingMore: false,
                },
              }
            : current,
        ),
      (error: unknown) =>
        setLoaded((current) =>
          current?.key === key
            ? { key, query, listing: { status: 'error', error: filesFailure(error) } }
            : current,
        ),
    );
  };
  const busy = listing.status === 'loading' || (listing.status === 'ready' && listing.reloading);
  useRetryWhenBack(listing.status === 'error' && listing.error.unreachable, load);

  const entries = useMemo(() => (listing.status === 'ready' ? listing.entries : []), [listing]);
  const taken = useMemo(() => new Set(entries.map((entry) => entry.key)), [entries]);
  const keyFor = useCallback((picked: PickedFile) => `${view.folder}${picked.path}`, [view.folder]);
  const queue = useUploadQueue({ bucket: bucketId, limits: bucket, keyFor, taken, onStored: load });
  const readOnly = area ? area.readOnly : NOT_YOURS;
  const writable = readOnly === null;
  const selected = useMemo(() => new Set(view.selected), [view.selected]);
  const selectedEntries = entries.filter((entry) => selected.has(entry.name));
  const [dropFolder, setDropFolder] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  // A drag onto a folder holds nothing on the page (no dialog, no button): what it is doing is
  // said until storage has moved everything, or the person saw nothing until the listing changed.
  const [moving, setMoving] = useState<{ into: Entry; names: string[] } | null>(null);
  const actions = useRef<FileActionsHandle>(null);
  // The places things may be moved to: the bucket's areas the person may change.
  const places = useMemo(
    () => areas.filter((candidate) => candidate.bucket === bucketId && candidate.readOnly === null),
    [areas, bucketId],
  );
  const root = area && area.folder === areaRootOf(area.folder) ? area.folder : null;
  const shared = root?.startsWith('projects/') ?? false;
  // Who last changed each file, in a project's folders (storage keeps the last writer).
  const [authors, setAuthors] = useState<{ of: Entry[]; map: Map<string, Author> } | null>(null);
  useEffect(() => {
    if (!shared) return;
    const keys = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.key);
    if (keys.length === 0) return;
    let live = true;
    objectAuthors(supabase, bucketId, keys).then(
      (map) => live && setAuthors({ of: entries, map }),
      // Without them the column stays empty; the listing itself is what matters.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [supabase, bucketId, shared, entries]);
  // Names come from the portal's profiles, followed live (a name changed anywhere shows at once).
  const { profiles } = useProfiles();
  const authorOf = (entry: Entry): string => {
    const author = authors?.map.get(entry.key);
    return author ? authorName(author, userId, profiles) : '';
  };
  const onEntryAction = (entry: Entry, action: EntryAction) => {
    if (action === 'open') openEntry(entry);
    else actions.current?.run(action, [entry]);
  };
  /** A right click, Shift+F10 or the ContextMenu key on a row or tile opens that entry's menu. */
  const onContextMenu = openEntryMenuFrom;
  const opened = view.open
    ? (entries.find((entry) => entry.kind === 'file' && entry.name === view.open) ?? null)
    : null;

  // Typing filters after a short pause; the URL (and so the listing) follows.
  useEffect(() => {
    if (filterText === view.filter) return;
    const timer = setTimeout(
      () => go({ ...view, filter: filterText, selected: [], open: null }, true),
      250,
    );
    return () => clearTimeout(timer);
  }, [filterText, view, go]);

  const openEntry = (entry: Entry) => {
    if (entry.kind === 'folder') go(folderView(view, bucketId, `${entry.key}`));
    else go({ ...view, open: entry.name });
  };
  const setSelected = (names: Set<string>) => go({ ...view, selected: [...names] }, true);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!writable || event.dataTransfer.types.includes(DRAG_TYPE)) return;
    queue.add(await droppedFiles(event.dataTransfer));
  };

  /** Moves the dragged entries (the selection, when the dragged one is part of it) into `folder`. */
  const moveInto = async (folder: Entry, names: string[]) => {
    setMoveError(null);
    const dragged = entries.filter(
      (entry) => names.includes(entry.name) && entry.key !== folder.key,
    );
    if (dragged.length === 0) return;
    const mine = { into: folder, names: dragged.map((entry) => entry.name) };
    setMoving(mine);
    try {
      const problem = moveProblem(dragged, view.folder, folder.key);
      const taken = problem ? [] : await takenAt(supabase, bucketId, folder.key, dragged, places);
      if (problem) setMoveError(problem);
      else if (taken.length > 0)
        setMoveError(
          `“${taken[0]!.name}” exists in “${folder.name}” already: nothing was moved. Use Move to choose whether to replace it or keep both.`,
        );
      else {
        const outcome = await moveEntries(
          supabase,
          bucketId,
          folder.key,
          dragged.map((entry) => ({ entry, name: entry.name, replace: false })),
          places,
        );
        if (outcome.kind !== 'moved') setMoveError(moveFailureInWords(outcome, 'move', bucketId, places));
      }
    } catch (error) {
      setMoveError(describeFailure(error));
    } finally {
      // A second drag started meanwhile is still running: its words stay.
      setMoving((current) => (current === mine ? null : current));
    }
    changed();
  };

  /** Entries can be dragged onto a folder (list rows and grid tiles alike). */
  const dragProps = (entry: Entry): HTMLAttributes<HTMLElement> & Record<string, unknown> => {
    if (!writable) return { onContextMenu };
    const props: HTMLAttributes<HTMLElement> & Record<string, unknown> = {
      onContextMenu,
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        const names = selected.has(entry.name) ? [...selected] : [entry.name];
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(names));
        event.dataTransfer.effectAllowed = 'move';
      },
    };
    if (entry.kind !== 'folder') return props;
    return {
      ...props,
      'data-drop-target': dropFolder === entry.name,
      'aria-busy': moving?.into.key === entry.key || undefined,
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        setDropFolder(entry.name);
      },
      onDragLeave: () => setDropFolder(null),
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.stopPropagation();
        setDropFolder(null);
        void moveInto(entry, JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as string[]);
      },
    };
  };

  const crumbs = placeCrumbs(areas, bucketId, view.folder);
  const columns: TableColumn<Entry>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (entry) => (
        <Inline gap={2} wrap={false}>
          {entry.kind === 'folder' ? <FolderIcon /> : <FileIcon />}
          <button type="button" className="files-link" onClick={() => openEntry(entry)}>
            {entry.name}
          </button>
        </Inline>
      ),
    },
    {
      key: 'size',
      header: 'Size',
      align: 'end',
      width: '8rem',
      cell: (entry) => (entry.size === null ? '' : sizeInWords(entry.size)),
    },
    {
      key: 'type',
      header: 'Type',
      width: '12rem',
      cell: (entry) => (entry.kind === 'folder' ? 'Folder' : (entry.type ?? '')),
    },
    {
      key: 'modified',
      header: 'Modified',
      width: '13rem',
      cell: (entry) => formatDate(entry.updatedAt),
    },
    ...(shared
      ? [
          {
            key: 'by',
            header: 'Last changed by',
            width: '11rem',
            cell: (entry: Entry) => (entry.kind === 'file' ? authorOf(entry) : ''),
          } satisfies TableColumn<Entry>,
        ]
      : []),
    {
      key: 'actions',
      header: 'Actions',
      headerLabel: 'Actions',
      width: '4rem',
      align: 'end',
      cell: (entry) => <EntryMenu entry={entry} writable={writable} onAction={onEntryAction} />,
    },
  ];

  return (
    <div
      className="files-drop-target"
      data-dragging={dragging}
      onDragOver={(event) => {
        if (!writable || event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void onDrop(event)}
    >
      <Stack gap={4}>
        <nav className="files-breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li>
              <TextLink href={route}>Files</TextLink>
            </li>
            {crumbs.map((crumb, index) => (
              <li key={crumb.folder}>
                {index === crumbs.length - 1 ? (
                  <span aria-current="location">{crumb.label}</span>
                ) : (
                  <TextLink href={filesHref(route, folderView(view, bucketId, crumb.folder))}>
                    {crumb.label}
                  </TextLink>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <PageHeader
          title={crumbs[crumbs.length - 1]?.label ?? bucketId}
          description={
            bucket ? (
              <span data-testid="bucket-limits">{limitsInWords(bucket)}</span>
            ) : bucketError ? (
              `Could not read this bucket’s limits. ${whatNext(bucketError)}`
            ) : (
              'Reading this bucket’s limits…'
            )
          }
          actions={
            writable ? (
              <Inline gap={2}>
                <NewFolder bucket={bucketId} folder={view.folder} onDone={load} />
                {root ? (
                  <TextLink
                    href={filesHref(route, { ...folderView(view, bucketId, root), trash: true })}
                    data-testid="trash-link"
                  >
                    Trash
                  </TextLink>
                ) : null}
              </Inline>
            ) : undefined
          }
        />
        {writable && bucket ? (
          <FileDrop
            multiple
            title={dragging ? 'Drop to upload' : 'Drop files or folders here'}
            hint={limitsInWords(bucket)}
            buttonLabel="Choose files"
            aria-label="Upload files"
            onFiles={(files) =>
              queue.add(files.map((file) => ({ file, path: file.name }) satisfies PickedFile))
            }
          />
        ) : null}
        {readOnly ? (
          <Alert tone={area ? 'info' : 'warning'} data-testid="read-only">
            {readOnly}
          </Alert>
        ) : null}
        <UploadQueuePanel queue={queue} />
        <Inline gap={3}>
          <TextInput
            aria-label="Filter by name"
            placeholder="Names starting with…"
            value={filterText}
            onChange={(event) => setFilterText(event.target.value)}
          />
          <Select
            aria-label="Sort"
            options={SORTS}
            value={`${view.sort}.${view.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split('.') as [
                FilesView['sort'],
                FilesView['order'],
              ];
              go({ ...view, sort, order, selected: [] });
            }}
          />
          <Inline gap={1} role="group" aria-label="View">
            <Button
              size="sm"
              variant={view.view === 'list' ? 'primary' : 'secondary'}
              aria-pressed={view.view === 'list'}
              onClick={() => go({ ...view, view: 'list' })}
            >
              List
            </Button>
            <Button
              size="sm"
              variant={view.view === 'grid' ? 'primary' : 'secondary'}
              aria-pressed={view.view === 'grid'}
              onClick={() => go({ ...view, view: 'grid' })}
            >
              Grid
            </Button>
          </Inline>
        </Inline>
        <FileActions
          ref={actions}
          bucket={bucketId}
          bucketFacts={bucket}
          folder={view.folder}
          selected={selectedEntries}
          writable={writable}
          places={places}
          onChanged={changed}
          onPartlyChanged={load}
        />
        {moving ? (
          <Inline gap={2} role="status" className="files-muted">
            <Spinner size="sm" decorative />
            {`Moving ${moving.names.length === 1 ? `“${moving.names[0]}”` : `${moving.names.length} items`} into “${moving.into.name}”…`}
          </Inline>
        ) : null}
        {moveError ? <Alert tone="error">{moveError}</Alert> : null}
        {listing.status === 'error' ? (
          <ErrorState
            title="Could not list this folder"
            message={whatNext(listing.error)}
            onRetry={load}
          />
        ) : null}
        {listing.status !== 'error' && view.view === 'list' ? (
          <Table
            caption={`Contents of ${crumbs[crumbs.length - 1]?.label ?? bucketId}`}
            hideCaption
            columns={columns}
            rows={entries}
            rowKey={(entry) => entry.name}
            rowLabel={(entry) => entry.name}
            selectedKeys={selected}
            onSelectionChange={setSelected}
            loading={busy || moving !== null}
            rowProps={(entry) =>
              ({
                'data-entry': entry.name,
                'data-kind': entry.kind,
                ...dragProps(entry),
              }) as HTMLAttributes<HTMLTableRowElement>
            }
            // Not shown while `loading`: the Table leaves its empty slot blank then.
            empty={
              <EmptyState
                title={
                  view.filter ? `No names start with “${view.filter}”` : 'This folder is empty'
                }
                description={writable ? 'Upload files or create a folder.' : undefined}
              />
            }
          />
        ) : null}
        {view.view === 'grid' && busy ? (
          <ProgressBar label="Reading this folder" hideLabel size="sm" />
        ) : null}
        {listing.status === 'ready' && view.view === 'grid' ? (
          <Grid
            busy={listing.reloading}
            bucket={bucketId}
            isPublic={bucket?.public ?? null}
            entries={entries}
            selected={selected}
            onSelect={setSelected}
            onOpen={openEntry}
            dragProps={dragProps}
            menu={(entry) => <EntryMenu entry={entry} writable={writable} onAction={onEntryAction} />}
          />
        ) : null}
        {listing.status === 'ready' && listing.nextCursor && !listing.reloading ? (
          <Button variant="secondary" loading={listing.loadingMore} onClick={loadMore}>
            Show more
          </Button>
        ) : null}
        {listing.status === 'ready' ? (
          <p className="files-muted" data-testid="listing-count">
            {entries.length} {entries.length === 1 ? 'item' : 'items'} shown
            {listing.nextCursor ? ', more to show' : ''}
          </p>
        ) : null}
      </Stack>
      {opened && bucket ? (
        <PreviewDialog
          bucket={bucketId}
          isPublic={bucket.public}
          entry={opened}
          onClose={() => go({ ...view, open: null })}
        />
      ) : null}
      <span hidden data-testid="files-user">
        {userId}
      </span>
    </div>
  );
}

function Grid({
  busy,
  bucket,
  isPublic,
  entries,
  selected,
  onSelect,
  onOpen,
  dragProps,
  menu,
}: {
  /** The entries are being read again: not yet known to be empty. */
  busy: boolean;
  bucket: string;
  /** Unknown until the bucket's facts are read; thumbnails wait for it. */
  isPublic: boolean | null;
  entries: Entry[];
  selected: ReadonlySet<string>;
  onSelect: (names: Set<string>) => void;
  onOpen: (entry: Entry) => void;
  dragProps: (entry: Entry) => HTMLAttributes<HTMLElement>;
  menu: (entry: Entry) => ReactNode;
}): ReactNode {
  const { supabase } = usePortal();
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  const imageKeys = useMemo(
    () =>
      entries
        .filter((entry) => entry.kind === 'file' && entry.type?.startsWith('image/'))
        .map((entry) => entry.key),
    [entries],
  );
  useEffect(() => {
    if (imageKeys.length === 0 || isPublic === null) return;
    let live = true;
    void thumbnailUrls(supabase, bucket, isPublic, imageKeys).then(
      (urls) => live && setThumbs(urls),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, isPublic, imageKeys]);
  if (entries.length === 0) return busy ? null : <EmptyState title="This folder is empty" />;
  return (
    <ul className="files-grid" aria-label="Files" aria-busy={busy || undefined}>
      {entries.map((entry) => (
        <li
          key={entry.name}
          className="files-tile"
          data-entry={entry.name}
          data-selected={selected.has(entry.name)}
          {...dragProps(entry)}
        >
          <div className="files-tile__thumb">
            {thumbs[entry.key] ? (
              <img src={thumbs[entry.key]} alt="" loading="lazy" />
            ) : entry.kind === 'folder' ? (
              <FolderIcon />
            ) : (
              <FileIcon />
            )}
          </div>
          <Inline gap={1} wrap={false}>
            <Checkbox
              aria-label={`Select ${entry.name}`}
              checked={selected.has(entry.name)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(entry.name);
                else next.delete(entry.name);
                onSelect(next);
              }}
            />
            <button
              type="button"
              className="files-link files-tile__name"
              onClick={() => onOpen(entry)}
            >
              {entry.name}
            </button>
            {menu(entry)}
          </Inline>
        </li>
      ))}
    </ul>
  );
}
