import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept in step with the window. `undefined` where the
 * environment cannot tell (no `matchMedia`: server rendering, some test DOMs), so callers
 * can fall back to letting the stylesheet decide.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => globalThis.matchMedia?.(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}
