// Whether an element's box is at most as wide as some CSS widths, kept in step as it resizes.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQueries } from './useMediaQuery.js';

const LENGTH = /^(\d+(?:\.\d+)?|\.\d+)(px|rem|em)$/;

/** `width` in CSS pixels (`px`, or `rem`/`em` of the root's font size); null for any other unit. */
function toPixels(width: string, rootFontSize: () => number): number | null {
  const match = LENGTH.exec(width.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return match[2] === 'px' ? value : value * rootFontSize();
}

/**
 * For each of `widths` (CSS lengths in `px`, `rem` or `em`), whether `ref`'s element's content box
 * is at most that wide: the room a table has, which beside a sidebar (a tablet, a phone held
 * sideways) is much less than the window. Measured by a ResizeObserver, whose first report comes
 * once the browser has laid the page out and before it paints; an answer that differs from the
 * one rendered is rendered at once (`flushSync`), so the page is painted once, in its final form,
 * and nothing forces a layout inside React's commit.
 *
 * Until the box is measured (the first render, which has no element yet), and where it cannot be
 * (no ResizeObserver; a width in another unit), the window answers, as `(max-width: …)`: a box is
 * never wider than its window, so on a phone the first render already has it right. A measured
 * answer outlives a change of element (a table drawn as cards is another element, as wide): after
 * each commit the element `ref` holds is observed if it is not already.
 */
export function useBoxNarrowerThan(ref: RefObject<HTMLElement | null>, widths: readonly string[]): readonly boolean[] {
  const key = widths.join('\n');
  const byWindow = useMediaQueries(widths.map((width) => `(max-width: ${width})`));
  // Per width: '1' at most that wide, '0' wider, '?' not measurable; for the widths of `key`.
  const [measured, setMeasured] = useState<{ key: string; answer: string } | null>(null);
  const observed = useRef<{ box: HTMLElement; key: string; observer: ResizeObserver } | null>(null);
  // What the last render answered, per width ('1' or '0'): a measurement that agrees with it (a
  // phone, where the window already answered for the box) renders nothing again.
  const shown = useRef('');
  useLayoutEffect(() => {
    const box = key === '' || typeof ResizeObserver === 'undefined' ? null : ref.current;
    if (observed.current?.box === box && observed.current?.key === key) return;
    observed.current?.observer.disconnect();
    observed.current = null;
    if (!box) return;
    const asked = key.split('\n');
    let rootSize: number | undefined;
    const rootFontSize = () => (rootSize ??= parseFloat(getComputedStyle(box.ownerDocument.documentElement).fontSize) || 16);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const boxWidth = entry.contentRect.width;
      const answer = asked
        .map((width) => {
          const pixels = toPixels(width, rootFontSize);
          return pixels === null ? '?' : boxWidth <= pixels ? '1' : '0';
        })
        .join('');
      const effective = [...answer].map((said, index) => (said === '?' ? shown.current[index] : said)).join('');
      if (effective === shown.current) return;
      flushSync(() => setMeasured({ key, answer }));
    });
    observer.observe(box);
    observed.current = { box, key, observer };
  });
  useLayoutEffect(
    () => () => {
      observed.current?.observer.disconnect();
      observed.current = null;
    },
    [],
  );
  const answer = measured?.key === key ? measured.answer : '';
  const narrower = useMemo(
    () => byWindow.map((windowSays, index) => (answer[index] === '1' ? true : answer[index] === '0' ? false : windowSays)),
    [byWindow, answer],
  );
  const shownNow = narrower.map((is) => (is ? '1' : '0')).join('');
  useLayoutEffect(() => {
    shown.current = shownNow;
  }, [shownNow]);
  return narrower;
}
