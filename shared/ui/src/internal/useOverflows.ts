// Whether an element's content is larger than its box (it scrolls), kept in step as either resizes.
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * True while `ref`'s element scrolls, in either direction (observed again when `element`, naming
 * which element `ref` holds, changes). `undefined` until measured, and where
 * the environment cannot tell (no ResizeObserver: server rendering, test DOMs).
 * Measured only when the ResizeObserver reports (its first report comes once the browser has laid
 * the page out, before it paints): read during React's commit, the element's scroll size forced a
 * layout of the whole page inside the commit's task, the longest of a route's start on a phone
 * (issue #40).
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, element = ''): boolean | undefined {
  const [overflows, setOverflows] = useState<boolean | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, element]);
  return overflows;
}
