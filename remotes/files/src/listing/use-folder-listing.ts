// One folder's listing: its first page and "Show more" by list-v2's cursor, read again on
// request (`load`: after an upload, copy, rename, move or delete) and by itself once the server
// answers again after a failure for want of an answer (`useRetryWhenBack`).
import { usePortal, useRetryWhenBack } from '@portal/platform';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filesFailure, type FilesFailure } from '../failures.js';
import type { FilesView } from '../location.js';
import { listFolderPage, type Entry } from '../storage/folder-page.js';

export type Listing =
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

export interface FolderListing {
  listing: Listing;
  /** The entries shown (none until the first page is read). */
  entries: Entry[];
  /** The folder is being read, or read again. */
  busy: boolean;
  /** Reads the folder again, as many entries as are shown. */
  load: () => void;
  /** Reads the next page ("Show more"). */
  loadMore: () => void;
}

export function useFolderListing(bucketId: string, view: FilesView): FolderListing {
  const { supabase } = usePortal();
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
  return { listing, entries, busy, load, loadMore };
}
