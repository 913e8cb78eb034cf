// Whether an element's content is larger than its box (it scrolls), kept in step as either resizes.
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * True while `ref`'s element scrolls, in either direction; observed while `observe` is true, and
 * again, on the element `ref` then holds, each time it turns true. `undefined` until measured, and
 * where the environment cannot tell (no ResizeObserver: server rendering, test DOMs).
 * Measured only when the ResizeObserver reports (its first report comes once the browser has laid
 * the page out, before it paints): read during React's commit, the element's scroll size forced a
 * layout of the whole page inside the commit's task, the longest of a route's start on a phone
 * (issue #40).
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, observe = true): boolean | undefined {
  const [overflows, setOverflows] = useState<boolean | undefined>(undefined);
  useLayoutEffect(() => {
    const box = observe ? ref.current : null;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1));
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, observe]);
  return overflows;
}
