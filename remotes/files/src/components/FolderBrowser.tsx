// One folder of a bucket: breadcrumb, the bucket's limits, filter, sort, list or grid, paging
// by cursor, selection and the actions on it, each entry's menu (its "More actions" button or a
// right click), who last changed each file in a project's folders, the place's Trash, uploads by
// picker or drop (files and folders). Each of these keeps its state in a hook of its own
// (listing/, selection/, dragging/); this component lays them out.
import { navigate } from '@portal/platform';
import {
  Alert,
  Button,
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
import { useCallback, useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { whatNext } from '../failures.js';
import { type PickedFile } from '../folder-drop.js';
import { filesHref, folderView, type FilesView } from '../location.js';
import { useDragMove } from '../dragging/use-drag-move.js';
import { useUploadDrop } from '../dragging/use-upload-drop.js';
import { useAuthors } from '../listing/use-authors.js';
import { limitsInWords, useBucketFacts } from '../listing/use-bucket-facts.js';
import { useFilterText } from '../listing/use-filter-text.js';
import { useFolderListing } from '../listing/use-folder-listing.js';
import { placeCrumbs, placeOf, type Area } from '../places.js';
import { useSelection } from '../selection/use-selection.js';
import { NOT_YOURS } from '../storage/areas.js';
import type { Entry } from '../storage/folder-page.js';
import { areaRootOf } from '../trash.js';
import { sizeInWords } from '../upload/checks.js';
import { NARROW_LIST } from '../files.css.js';
import { EntryMenu, openEntryMenuFrom, type EntryAction } from './EntryMenu.js';
import { FileActions, type FileActionsHandle } from './FileActions.js';
import { FolderGrid } from './FolderGrid.js';
import { NewFolder } from './NewFolder.js';
import { PreviewDialog } from './PreviewDialog.js';
import { UploadQueuePanel, useUploadQueue } from './UploadQueuePanel.js';

interface Props {
  route: string;
  view: FilesView;
  areas: Area[];
  userId: string;
}

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '';
}

const SORTS = [
  { value: 'name.asc', label: 'Name, A to Z' },
  { value: 'name.desc', label: 'Name, Z to A' },
  { value: 'updated_at.desc', label: 'Newest first' },
  { value: 'updated_at.asc', label: 'Oldest first' },
];

export function FolderBrowser({ route, view, areas, userId }: Props): ReactNode {
  const bucketId = view.bucket!;
  const area = placeOf(areas, bucketId, view.folder);
  const { bucket, bucketError } = useBucketFacts(bucketId);
  const go = useCallback(
    (next: FilesView, replace = false) => navigate(filesHref(route, next), { replace }),
    [route],
  );
  const [filterText, setFilterText] = useFilterText(view, go);
  const { listing, entries, busy, load, loadMore } = useFolderListing(bucketId, view);
  const { selected, selectedEntries, setSelected, clearSelection } = useSelection(
    route,
    bucketId,
    view,
    entries,
    go,
  );
  const changed = useCallback(() => {
    clearSelection();
    load();
  }, [clearSelection, load]);

  const taken = useMemo(() => new Set(entries.map((entry) => entry.key)), [entries]);
  const keyFor = useCallback((picked: PickedFile) => `${view.folder}${picked.path}`, [view.folder]);
  const queue = useUploadQueue({ bucket: bucketId, limits: bucket, keyFor, taken, onStored: load });
  const readOnly = area ? area.readOnly : NOT_YOURS;
  const writable = readOnly === null;
  const { dragging, dropZoneProps } = useUploadDrop(writable, (files) => queue.add(files));
  const actions = useRef<FileActionsHandle>(null);
  // The places things may be moved to: the bucket's areas the person may change.
  const places = useMemo(
    () => areas.filter((candidate) => candidate.bucket === bucketId && candidate.readOnly === null),
    [areas, bucketId],
  );
  const root = area && area.folder === areaRootOf(area.folder) ? area.folder : null;
  const shared = root?.startsWith('projects/') ?? false;
  const authorOf = useAuthors(bucketId, shared, entries, userId);
  const onEntryAction = (entry: Entry, action: EntryAction) => {
    if (action === 'open') openEntry(entry);
    else actions.current?.run(action, [entry]);
  };
  const opened = view.open
    ? (entries.find((entry) => entry.kind === 'file' && entry.name === view.open) ?? null)
    : null;

  const openEntry = (entry: Entry) => {
    if (entry.kind === 'folder') go(folderView(view, bucketId, `${entry.key}`));
    else go({ ...view, open: entry.name });
  };

  const { dragProps, moving, moveError } = useDragMove({
    bucketId,
    folder: view.folder,
    entries,
    selected,
    places,
    writable,
    /** A right click, Shift+F10 or the ContextMenu key on a row or tile opens that entry's menu. */
    onContextMenu: openEntryMenuFrom,
    onMoved: changed,
  });

  const crumbs = placeCrumbs(areas, bucketId, view.folder);
  // What the columns a phone leaves out say, for the line under the name there.
  const factsOf = (entry: Entry): string =>
    (entry.kind === 'folder' ? ['Folder'] : [entry.type ?? '', formatDate(entry.updatedAt), shared ? authorOf(entry) : '']).filter(Boolean).join(' · ');
  const columns: TableColumn<Entry>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (entry) => (
        <Inline gap={2} wrap={false}>
          {entry.kind === 'folder' ? <FolderIcon /> : <FileIcon />}
          <span className="files-entry">
            <button type="button" className="files-link" onClick={() => openEntry(entry)}>
              {entry.name}
            </button>
            <span className="files-entry__facts">{factsOf(entry)}</span>
          </span>
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
      hideBelow: NARROW_LIST,
      header: 'Type',
      width: '12rem',
      cell: (entry) => (entry.kind === 'folder' ? 'Folder' : (entry.type ?? '')),
    },
    {
      key: 'modified',
      hideBelow: NARROW_LIST,
      header: 'Modified',
      width: '13rem',
      cell: (entry) => formatDate(entry.updatedAt),
    },
    ...(shared
      ? [
          {
            key: 'by',
            header: 'Last changed by',
            hideBelow: NARROW_LIST,
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
    <div className="files-drop-target" {...dropZoneProps}>
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
            className="files-list"
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
          <FolderGrid
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
