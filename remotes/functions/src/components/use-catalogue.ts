import { useRetryWhenBack } from '@portal/platform';
import { READ_AGAIN_WHEN_ANSWERED } from '@portal/ui/words';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { loadCatalogue, type Catalogue } from '../catalogue/catalogue.js';

declare const __webpack_public_path__: string;

export type CatalogueState =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; catalogue: Catalogue };

/** The API's URL and key, as the shell's client holds them (protected fields of supabase-js). */
export function clientEndpoint(supabase: SupabaseClient): { supabaseUrl: string; apiKey: string } {
  const { supabaseUrl, supabaseKey } = supabase as unknown as {
    supabaseUrl: string;
    supabaseKey: string;
  };
  return { supabaseUrl: supabaseUrl.replace(/\/$/, ''), apiKey: supabaseKey };
}

async function fetchJson(
  url: string,
  headers: Record<string, string>,
  through: typeof fetch = fetch,
): Promise<unknown> {
  try {
    const response = await through(url, { headers, cache: 'no-cache' });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue: the emulator's listing, else the deployed file. When the server answers again after
 * an outage, it is read again: a page that could read only the deployed file meanwhile (no logs)
 * gets the listing back, and one that could read neither shows it, without "Try again".
 */
export function useCatalogue(supabase: SupabaseClient): CatalogueState & { reload(): void } {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const { supabaseUrl, apiKey } = clientEndpoint(supabase);
    // functions.json lies beside the remote's own files (its public path, resolved at run time).
    const deployed = new URL(
      'functions.json',
      new URL(__webpack_public_path__, window.location.href),
    ).href;
    // The listing goes through the client's own fetch: a listing without an answer tells the
    // platform's connection state, whose return reads the catalogue again (below).
    const clientFetch = (supabase as unknown as { fetch?: typeof fetch }).fetch;
    loadCatalogue(`${supabaseUrl}/functions/v1/`, deployed, (url) =>
      url === deployed ? fetchJson(url, {}) : fetchJson(url, { apikey: apiKey }, clientFetch),
    ).then(
      (catalogue) => live && setState({ status: 'ready', catalogue }),
      // A catalogue already on screen stays there when a later read fails.
      (error: unknown) =>
        live &&
        setState((shown) =>
          shown.status === 'ready' ? shown : { status: 'error', error: describeCatalogueFailure(error) },
        ),
    );
    return () => {
      live = false;
    };
  }, [supabase, attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  // Read again, quietly (what is on screen stays until the new answer), when the server is back.
  useRetryWhenBack(state.status === 'error' || (state.status === 'ready' && state.catalogue.source === 'deployed'), () =>
    setAttempt((n) => n + 1),
  );
  return { ...state, reload };
}

/** Neither the listing nor the deployed file could be read: said in words, with what happens next. */
function describeCatalogueFailure(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `${why} ${READ_AGAIN_WHEN_ANSWERED}`;
}
