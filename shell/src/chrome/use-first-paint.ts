// Whether the page's first contentful paint is on screen, for what the first frame does not show:
// it starts after that frame, not inside it (issue #40).
import { useEffect, useState } from 'react';
import { afterFirstContentfulPaint } from '../start-up/next-paint.js';

/** False until the browser has reported the page's first contentful paint (next-paint.ts), then true. */
export function useFirstContentfulPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstContentfulPaint().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
