import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept in step with the window. `undefined` where the
 * environment cannot tell (no `matchMedia`: server rendering, some test DOMs), so callers
 * can fall back to letting the stylesheet decide. A `null` query (nothing to ask) is `undefined` too.
 */
export function useMediaQuery(query: string | null): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (query === null) return () => undefined;
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => (query === null ? undefined : globalThis.matchMedia?.(query).matches);
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}
