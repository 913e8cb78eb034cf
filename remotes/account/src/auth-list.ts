import { usePortal, type Portal } from '@portal/platform';
import { useCallback, useEffect } from 'react';

/**
 * Reads a list from auth when the card mounts and again whenever the session's token changes
 * (an answer that arrives after the card is gone is dropped); answers the read, to call after a
 * change. `read` and `show` must be stable (module-level, or useCallback).
 */
export function useAuthList<Result>(
  read: (supabase: Portal['supabase']) => Promise<Result>,
  show: (result: Result) => void,
): () => Promise<void> {
  const { supabase, auth } = usePortal();
  const token = auth.session?.access_token;
  useEffect(() => {
    let live = true;
    void read(supabase).then((result) => {
      if (live) show(result);
    });
    return () => {
      live = false;
    };
  }, [supabase, read, show, token]);
  return useCallback(async () => show(await read(supabase)), [supabase, read, show]);
}
