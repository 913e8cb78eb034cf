// One page of a view, kept in step with the URL: a new read on every change of table or view (the
// one before is aborted), `refresh()` after writes and remote changes without emptying the table,
// and `replaceRow()` for a row the server just returned from a write.
import { useRetryWhenBack } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describeFailure, isDataError, isUnreachable } from '../errors/data-errors.js';
import { countRows, RANGE_NOT_SATISFIABLE, readPage } from '../data-access/read-rows.js';
import { rowKey, type Row } from '../query/row-identity.js';
import { viewLocation, type ViewState } from '../query/view-state.js';
import type { Embed } from '../relations/embeds.js';
import type { TableModel } from '../schema/openapi-model.js';

export interface TablePage {
  status: 'loading' | 'ready' | 'error';
  rows: Row[];
  total: number | null;
  error: string | null;
  /** A refresh is running while the current rows stay on screen. */
  refreshing: boolean;
  /** The embeddings the rows carry (none once the server refused them). */
  embeds: readonly Embed[];
  /** The view (its location) the rows on screen belong to. */
  loadedView: string | null;
  /** Why the rows on screen may be out of date: the last refresh failed (they stay on screen). */
  stale: string | null;
  /** The last read failed for want of an answer: it is read again once the backend answers. */
  unreachable: boolean;
}

export interface TablePageControls extends TablePage {
  /** The view (its location) asked for now. */
  viewKey: string;
  refresh(): Promise<void>;
  /** Puts the server's copy of a row in place of the row with `key`, keeping its related rows. */
  replaceRow(key: string, row: Row): void;
}

/** Relationship errors (PGRST200–PGRST204): the page is read again without related rows. */
function isEmbeddingError(error: unknown): boolean {
  return isDataError(error) && /^PGRST20\d$/.test(error.serverCode ?? '');
}

export function useTablePage(
  supabase: SupabaseClient,
  table: TableModel,
  view: ViewState,
  wantedEmbeds: readonly Embed[],
  /** Called with a view on the last page when the page asked for lies beyond the last row. */
  onPageOutOfRange: (location: string) => void,
  route: string,
): TablePageControls {
  const [embedsRefused, setEmbedsRefused] = useState(false);
  const embeds = embedsRefused ? [] : wantedEmbeds;
  const [page, setPage] = useState<TablePage>({
    status: 'loading',
    rows: [],
    total: null,
    error: null,
    refreshing: false,
    embeds,
    loadedView: null,
    stale: null,
    unreachable: false,
  });
  const sequence = useRef(0);
  const viewKey = viewLocation(route, view);

  const load = useCallback(
    async (mode: 'load' | 'refresh', signal?: AbortSignal) => {
      const id = ++sequence.current;
      if (mode === 'load') setPage((current) => ({ ...current, status: 'loading', error: null }));
      else setPage((current) => ({ ...current, refreshing: true }));
      try {
        const result = await readPage(supabase, table, view, embeds, signal);
        if (id !== sequence.current) return;
        setPage({ status: 'ready', rows: result.rows, total: result.total, error: null, refreshing: false, embeds, loadedView: viewKey, stale: null, unreachable: false });
      } catch (error) {
        if (signal?.aborted || id !== sequence.current) return;
        if (isEmbeddingError(error) && embeds.length > 0) {
          setEmbedsRefused(true);
          return;
        }
        if (isDataError(error) && error.serverCode === RANGE_NOT_SATISFIABLE && view.page > 1) {
          const total = await countRows(supabase, table, view, signal).catch(() => 0);
          const last = Math.max(1, Math.ceil(total / view.pageSize));
          onPageOutOfRange(viewLocation(route, { ...view, page: last }));
          return;
        }
        const unreachable = isUnreachable(error);
        // Rows already on screen stay there, marked out of date, when only a refresh failed.
        setPage((current) =>
          mode === 'refresh' && current.status === 'ready' && current.loadedView === viewKey
            ? { ...current, refreshing: false, stale: describeFailure(error), unreachable }
            : { ...current, status: 'error', error: describeFailure(error), refreshing: false, unreachable },
        );
      }
    },
    // The view is identified by its location; `embeds` changes only with the table or a refusal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [supabase, table, viewKey, embeds, route],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load('load', controller.signal);
    return () => controller.abort();
  }, [load]);

  // A refresh reads the view on screen when it runs, not the one of the render that asked for it:
  // a save's refresh starts when the server answers, and a remote change's 120 ms later. Called
  // from the closure of an earlier view (the person moved to the next page meanwhile), it read
  // that view and, being the newest read, put its rows under the new page's URL.
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  }, [load]);
  const refresh = useCallback(() => latestLoad.current('refresh'), []);
  // What the server did not answer for is read again once it answers.
  useRetryWhenBack(page.unreachable, () => void refresh());
  const replaceRow = useCallback(
    (key: string, row: Row) => {
      setPage((current) => ({ ...current, rows: current.rows.map((r) => (rowKey(table, r) === key ? { ...r, ...row } : r)) }));
    },
    [table],
  );
  return { ...page, refresh, replaceRow, viewKey };
}
