import { usePortal, type Portal, useReconnects } from '@portal/platform';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Reads a list from auth when the card mounts, again whenever the session's token changes, and
 * again when the server answers after an outage (a read it did not answer then is not left on
 * screen);
 * answers the read, to call after a change. Only the latest read started is shown: an earlier
 * one answering after it (a slow first read, a token refresh's read) would put back what the
 * change replaced. What the returned read resolves with is the list on screen: when a newer read
 * started meanwhile, it resolves once that one is shown. An answer that arrives after the card is
 * gone is dropped. `read` and `show` must be stable (module-level, or useCallback).
 */
export function useAuthList<Result>(
  read: (supabase: Portal['supabase']) => Promise<Result>,
  show: (result: Result) => void,
): () => Promise<void> {
  const { supabase, auth } = usePortal();
  const token = auth.session?.access_token;
  const reconnects = useReconnects();
  const started = useRef(0);
  const latest = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(false);
  const readLatest = useCallback((): Promise<void> => {
    const id = ++started.current;
    const shown = read(supabase).then((result) => {
      if (!mounted.current) return;
      if (id === started.current) show(result);
      // A newer read started meanwhile (and is `latest`): this one ends when that one is shown.
      else return latest.current;
    });
    latest.current = shown;
    return shown;
  }, [supabase, read, show]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    void readLatest();
  }, [readLatest, token, reconnects]);
  return readLatest;
}
