// The signed-in person's documents: read when the search area opens (the tabs show how many),
// again on demand (one was added or removed) and when the backend answers again after an outage.
import { useRetryWhenBack } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { listDocuments } from '../data-access/search-api.js';
import { isUnreachable } from '../failures.js';
import type { DocumentsState } from './DocumentList.js';

export function useDocuments(supabase: SupabaseClient, userId: string | null): { documents: DocumentsState; reload(): void } {
  const [reloads, setReloads] = useState(0);
  // The answer is kept with what it was read for: a new person or a reload means loading again.
  const [loaded, setLoaded] = useState<{ key: string; state: DocumentsState } | null>(null);
  const key = `${userId}:${reloads}`;
  const documents: DocumentsState = loaded?.key === key ? loaded.state : { status: 'loading' };
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    // The answer renders the whole area again (the tabs' count, the list or the empty search's
    // words), about a second after it is on screen: in slices, the main thread given back between
    // them, not in one task (issue #40: TBT).
    const show = (state: DocumentsState) => live && startTransition(() => setLoaded({ key, state }));
    listDocuments(supabase).then(
      (list) => show({ status: 'ready', documents: list }),
      (error: Error) => show({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [supabase, userId, key]);
  useRetryWhenBack(documents.status === 'error' && isUnreachable(documents.error), reload);
  return { documents, reload };
}
