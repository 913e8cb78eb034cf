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

async function fetchJson(url: string, headers: Record<string, string>): Promise<unknown> {
  try {
    const response = await fetch(url, { headers, cache: 'no-cache' });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}

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
    loadCatalogue(`${supabaseUrl}/functions/v1/`, deployed, (url) =>
      fetchJson(url, url === deployed ? {} : { apikey: apiKey }),
    ).then(
      (catalogue) => live && setState({ status: 'ready', catalogue }),
      (error: unknown) => live && setState({ status: 'error', error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [supabase, attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
