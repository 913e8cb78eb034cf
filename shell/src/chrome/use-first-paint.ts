// Whether the page's first contentful paint (or the next paint) is on screen, for what the first
// frame does not show: it starts after that frame, not inside it (issue #40).
import { startTransition, useEffect, useState } from 'react';
import { afterFirstContentfulPaint, afterNextPaint } from '../start-up/next-paint.js';

/** False until `wait` (asked once, at mount) has resolved, then true; `transition`: that change renders as a transition, in slices. */
function useAfter(wait: () => Promise<void>, transition: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let mounted = true;
    void wait().then(() => {
      if (!mounted) return;
      if (transition) startTransition(() => setAfter(true));
      else setAfter(true);
    });
    return () => {
      mounted = false;
    };
  }, [wait, transition]);
  return after;
}

/** False until the browser has reported the page's first contentful paint (next-paint.ts), then true. */
export function useFirstContentfulPaint(): boolean {
  return useAfter(afterFirstContentfulPaint, false);
}

/** False in the component's first frame, then true once that frame is painted (rendered as a transition). */
export function useAfterNextPaint(): boolean {
  return useAfter(afterNextPaint, true);
}
