import { useCallback, useMemo, useSyncExternalStore } from 'react';

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

/**
 * Which of `queries` match, in their order, following the window (one subscription per query).
 * Every entry is false where the window cannot be asked (no `matchMedia`, a server render).
 */
export function useMediaQueries(queries: readonly string[]): readonly boolean[] {
  const key = queries.join('\n');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = key === '' ? [] : key.split('\n').map((query) => globalThis.matchMedia?.(query));
      for (const list of lists) list?.addEventListener?.('change', onChange);
      return () => {
        for (const list of lists) list?.removeEventListener?.('change', onChange);
      };
    },
    [key],
  );
  // A string, so the snapshot stays the same value while nothing changes.
  const getSnapshot = () => (key === '' ? '' : key.split('\n').map((query) => (globalThis.matchMedia?.(query).matches ? '1' : '0')).join(''));
  const matched = useSyncExternalStore(subscribe, getSnapshot, () => '');
  return useMemo(() => (key === '' ? [] : key.split('\n').map((_, index) => matched[index] === '1')), [matched, key]);
}
