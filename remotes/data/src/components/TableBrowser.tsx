// Browsing one table: search, filters, sort and paging from the URL; edits, additions and
// deletions sent to the REST API (the screen shows only what the server returned); changes by
// others arriving over realtime, highlighted for a moment.
import { navigate, usePortal } from '@portal/platform';
import { Alert, Badge, Button, UserIcon, IconButton, ConfirmDialog, CodeBlock, Dialog, EmptyState, ErrorState, Pagination, PageHeader, PlusIcon } from '@portal/ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readAllRows } from '../data-access/read-rows.js';
import { deleteRows, insertRow, updateCell } from '../data-access/write-rows.js';
import { csvFileName, toCsv } from '../export/csv.js';
import { applicableFilters, searchableColumns } from '../query/build-request.js';
import type { Filter } from '../query/filter-operators.js';
import { isEditableTable, rowKey, type Row } from '../query/row-identity.js';
import { PAGE_SIZES, viewLocation, type ViewSort, type ViewState } from '../query/view-state.js';
import { useTableChanges, type LiveStatus } from '../realtime/use-table-changes.js';
import { embedsFor, ownColumns } from '../relations/embeds.js';
import { referencesOf } from '../relations/references.js';
import type { ColumnModel, SchemaModel, TableModel } from '../schema/openapi-model.js';
import { AddRowDialog } from './AddRowDialog.js';
import { FilterBar } from './FilterBar.js';
import { DownloadIcon, FilterIcon } from './icons.js';
import { RowsTable } from './RowsTable.js';
import { SearchBox } from './SearchBox.js';
import { useReferenceLabels } from './use-reference-labels.js';
import { useTablePage } from './use-table-page.js';
import { useUndoDelete } from './use-undo-delete.js';
import { MyInvitations } from '../sharing/MyInvitations.js';
import { ShareDialog } from '../sharing/ShareDialog.js';
import { offersSharing, SHARING } from '../sharing/sharing-schema.js';
import { cellText } from '../values/format-value.js';
import { DataErrorCode, describeFailure, isDataError } from '../errors/data-errors.js';

export interface TableBrowserProps {
  model: SchemaModel;
  table: TableModel;
  view: ViewState;
  route: string;
}

/** How long a row changed by someone else stays highlighted. */
const HIGHLIGHT_MS = 4000;
/** A change we sent ourselves echoes back over realtime within this time; it is not highlighted. */
const OWN_ECHO_MS = 5000;

/** Keys of rows changed a moment ago; each is forgotten after HIGHLIGHT_MS. */
function useRecentKeys(): { keys: ReadonlySet<string>; mark(key: string): void } {
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const mark = useCallback((key: string) => {
    clearTimeout(timers.current.get(key));
    setKeys((current) => new Set(current).add(key));
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        setKeys((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }, HIGHLIGHT_MS),
    );
  }, []);
  return { keys, mark };
}

function LiveBadge({ status }: { status: LiveStatus }): ReactNode {
  if (status === 'live') {
    return (
      <Badge tone="success" dot title="Rows others change appear here as they happen.">
        Live
      </Badge>
    );
  }
  if (status === 'unavailable') {
    return (
      <Badge tone="warning" title="Changes by others will show after a reload.">
        Not live
      </Badge>
    );
  }
  return null;
}

function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function TableBrowser({ model, table, view, route }: TableBrowserProps): ReactNode {
  const { supabase, notify, user } = usePortal();
  const sharing = table.name === SHARING.sharedTable && offersSharing(model);
  const [sharingRow, setSharingRow] = useState<{ id: number; name: string } | null>(null);
  const embeds = useMemo(() => embedsFor(table, model), [table, model]);
  const references = useMemo(() => referencesOf(table, model), [table, model]);
  const go = (next: ViewState) => navigate(viewLocation(route, next));
  const page = useTablePage(supabase, table, view, embeds, (location) => navigate(location, { replace: true }), route);
  const editable = table.canUpdate && isEditableTable(table);
  const deletable = table.canDelete && isEditableTable(table);
  const searchable = searchableColumns(table);
  const activeFilters = applicableFilters(table, view.filters);

  // The bar opens whenever the URL brings filters (a link, back/forward); the button hides it.
  const [filtersOpen, setFiltersOpen] = useState(view.filters.length > 0);
  const filtersKey = JSON.stringify(view.filters);
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    setSeenFilters(filtersKey);
    if (view.filters.length > 0) setFiltersOpen(true);
  }
  const [adding, setAdding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [copyFallback, setCopyFallback] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const changed = useRecentKeys();
  const ownWrites = useRef(new Map<string, number>());

  // The selection holds only rows on screen: a new view, a refresh or a delete prunes it.
  const onScreen = useMemo(() => new Set(page.rows.map((row) => rowKey(table, row) ?? '')), [page.rows, table]);
  const selectedOnScreen = useMemo(() => new Set([...selected].filter((key) => onScreen.has(key))), [selected, onScreen]);

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refresh } = page;
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );
  const live = useTableChanges(model.schema, table.name, (change) => {
    const source = change.type === 'DELETE' ? change.oldRecord : change.record;
    const key = rowKey(table, source);
    const ownAt = key ? ownWrites.current.get(key) : undefined;
    if (key && change.type !== 'DELETE' && (ownAt === undefined || Date.now() - ownAt > OWN_ECHO_MS)) changed.mark(key);
    // A burst of changes (a bulk update elsewhere) becomes one read of the page.
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void refresh(), 120);
  });

  const remember = (row: Row) => {
    const key = rowKey(table, row);
    if (key) ownWrites.current.set(key, Date.now());
  };

  const referenceLabels = useReferenceLabels(supabase, references, page.rows);
  const undoDelete = useUndoDelete(supabase, table, model, () => void refresh());

  const saveCell = async (row: Row, column: ColumnModel, value: unknown, previous?: { value: unknown }) => {
    const key = rowKey(table, row);
    remember(row);
    let updated: Row;
    try {
      updated = await updateCell(supabase, table, ownColumns(row, page.embeds), column.name, value, previous);
    } catch (error) {
      // Someone else's change: show it in the table while the editor says so.
      if (isDataError(error) && error.code === DataErrorCode.EditConflict) void refresh();
      throw error;
    }
    remember(updated);
    if (key) page.replaceRow(key, updated);
    // Read again: the row may have left the filter or moved in the sort, or point elsewhere now.
    void refresh();
  };

  const addRow = async (values: Row) => {
    const row = await insertRow(supabase, table, values);
    if (row) remember(row);
    notify({ tone: 'success', title: 'Row added', message: row ? `Added to ${table.name}.` : `Added to ${table.name}; you may not read it back.` });
    await refresh();
  };

  const deleteSelected = async () => {
    const rows = page.rows.filter((row) => selectedOnScreen.has(rowKey(table, row) ?? ''));
    rows.forEach(remember);
    try {
      const deleted = await deleteRows(supabase, table, rows.map((row) => ownColumns(row, page.embeds)));
      undoDelete.offer(deleted);
    } finally {
      // Whatever happened, show what the database now holds.
      await refresh();
    }
  };

  const copyRow = async (row: Row) => {
    const json = JSON.stringify(ownColumns(row, page.embeds), null, 2);
    try {
      await navigator.clipboard.writeText(json);
      notify({ tone: 'success', title: 'Row copied', message: 'The row is on your clipboard as JSON.' });
    } catch {
      // No clipboard (permission, insecure origin): show it to copy by hand.
      setCopyFallback(json);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await readAllRows(supabase, table, view);
      downloadText(csvFileName(table.name), toCsv(table.columns.map((c) => c.name), rows), 'text/csv;charset=utf-8');
      notify({ tone: 'success', title: 'Export ready', message: `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} of ${table.name} as CSV.` });
    } catch (error) {
      notify({ tone: 'danger', title: 'Export failed', message: describeFailure(error) });
    } finally {
      setExporting(false);
    }
  };

  const applyFilters = (filters: Filter[]) => go({ ...view, filters, page: 1 });
  const narrowed = activeFilters.length > 0 || view.search !== '';
  const showFilters = filtersOpen;

  const empty =
    page.status === 'loading' ? (
      <EmptyState title="Loading rows…" icon={null} compact />
    ) : narrowed ? (
      <EmptyState
        title="No rows match"
        description="Nothing you may see matches the search and filters."
        compact
        action={
          <Button size="sm" onClick={() => go({ ...view, filters: [], search: '', page: 1 })}>
            Clear search and filters
          </Button>
        }
      />
    ) : (
      <EmptyState title="No rows" description="This table has no rows you may see." compact />
    );

  const readOnlyReason = !isEditableTable(table)
    ? 'No primary key, so rows cannot be told apart: read only.'
    : !table.canUpdate
      ? 'You may not change rows of this table: read only.'
      : null;

  return (
    <div
      className="data-page"
      data-table={table.name}
      // What tests (and anyone debugging) can wait on: the view asked for, the view shown, and whether it is settled.
      data-view={page.viewKey}
      data-loaded-view={page.loadedView ?? undefined}
      data-state={page.status === 'ready' && page.refreshing ? 'refreshing' : page.status}
      data-live={live}
    >
      <nav className="data-breadcrumb" aria-label="Breadcrumb">
        <a href={route}>All tables</a>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{table.name}</span>
      </nav>
      <PageHeader
        title={table.name}
        description={table.description ?? `${model.schema}.${table.name} · ${table.columns.length} columns`}
        actions={
          <>
            <Button variant="secondary" iconStart={<DownloadIcon />} loading={exporting} loadingLabel="Exporting…" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
            {table.canInsert ? (
              <Button variant="primary" iconStart={<PlusIcon />} onClick={() => setAdding(true)}>
                Add row
              </Button>
            ) : null}
          </>
        }
      />
      {sharing ? <MyInvitations route={route} /> : null}
      <div className="data-toolbar">
        {searchable.length > 0 ? <SearchBox value={view.search} columns={searchable} onSearch={(search) => go({ ...view, search, page: 1 })} /> : null}
        <Button variant="secondary" iconStart={<FilterIcon />} aria-expanded={showFilters} aria-controls="data-filterbar" onClick={() => setFiltersOpen(!showFilters)}>
          Filters
          {activeFilters.length > 0 ? (
            <Badge tone="accent" className="data-count-badge">
              {activeFilters.length}
            </Badge>
          ) : null}
        </Button>
        {readOnlyReason ? (
          <Badge tone="neutral" title={readOnlyReason}>
            Read only
          </Badge>
        ) : null}
        <span className="data-toolbar__spacer" />
        {page.refreshing ? <span className="data-toolbar__status">Updating…</span> : null}
        <LiveBadge status={live} />
      </div>
      {showFilters ? (
        <div id="data-filterbar">
          <FilterBar columns={table.columns} filters={view.filters} onApply={applyFilters} onClose={() => setFiltersOpen(false)} />
        </div>
      ) : null}
      {deletable && selectedOnScreen.size > 0 ? (
        <div className="data-selection" role="region" aria-label="Selected rows">
          <span>
            {selectedOnScreen.size} {selectedOnScreen.size === 1 ? 'row' : 'rows'} selected
          </span>
          <span className="data-selection__spacer" />
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmingDelete(true)}>
            Delete {selectedOnScreen.size === 1 ? 'row' : `${selectedOnScreen.size} rows`}
          </Button>
        </div>
      ) : null}
      {page.status === 'ready' && page.stale ? (
        <Alert tone="warning" title="These rows may be out of date" role="status">
          {page.stale} {page.unreachable ? 'They are read again by themselves once it answers.' : ''}
        </Alert>
      ) : null}
      {page.status === 'error' ? (
        <ErrorState
          title={`Could not read ${table.name}`}
          message={page.unreachable ? `${page.error ?? ''} The rows show by themselves once it answers again.` : (page.error ?? undefined)}
          onRetry={() => void refresh()}
        />
      ) : (
        <RowsTable
          table={table}
          rows={page.rows}
          embeds={page.embeds}
          references={references}
          referenceLabels={referenceLabels}
          route={route}
          sort={view.sort}
          onSortChange={(sort: ViewSort | null) => go({ ...view, sort, page: 1 })}
          loading={page.status === 'loading' || page.refreshing}
          editable={editable}
          {...(deletable ? { selectedKeys: selectedOnScreen, onSelectionChange: setSelected } : {})}
          changedKeys={changed.keys}
          onSaveCell={saveCell}
          onCopyRow={(row) => void copyRow(row)}
          {...(sharing && user
            ? {
                rowAction: (row: Row) =>
                  row[SHARING.ownerColumn] === user.id ? (
                    <IconButton
                      size="sm"
                      label={`Share ${cellText(row.name)}`}
                      icon={<UserIcon />}
                      onClick={() => setSharingRow({ id: row.id as number, name: cellText(row.name) })}
                    />
                  ) : null,
              }
            : {})}
          empty={empty}
        />
      )}
      <Pagination
        page={view.page}
        pageSize={view.pageSize}
        total={page.total}
        pageSizeOptions={PAGE_SIZES}
        onPageChange={(next) => go({ ...view, page: next })}
        onPageSizeChange={(pageSize) => go({ ...view, pageSize, page: 1 })}
        label={`Pages of ${table.name}`}
      />
      {sharing ? (
        <ShareDialog
          project={sharingRow}
          // The account area takes the session the mail's link carries, then opens this table.
          landing={`${window.location.origin}/account/welcome?next=${encodeURIComponent(`${route}/${SHARING.sharedTable}`)}`}
          onClose={() => setSharingRow(null)}
        />
      ) : null}
      <AddRowDialog open={adding} table={table} references={references} onClose={() => setAdding(false)} onAdd={addRow} />
      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={deleteSelected}
        title={selectedOnScreen.size === 1 ? 'Delete this row?' : `Delete ${selectedOnScreen.size} rows?`}
        confirmLabel="Delete"
        tone="danger"
      >
        {selectedOnScreen.size === 1 ? 'The row' : `The ${selectedOnScreen.size} selected rows`} will be deleted from {table.name}. You can undo it for a
        few seconds afterwards.
      </ConfirmDialog>
      <Dialog open={copyFallback !== null} onClose={() => setCopyFallback(null)} title="Copy the row" description="The browser did not let the portal use the clipboard. Copy the JSON from here.">
        <CodeBlock code={copyFallback ?? ''} language="JSON" label="The row as JSON" />
      </Dialog>
    </div>
  );
}
