// The chrome's first render as a transition: React renders it in slices of a few milliseconds and
// gives the main thread back between them, so a tap or a key while the page starts is answered
// within a slice, not after the whole chrome. Rendered as an ordinary update it held the main
// thread in one task (issue #40: TBT); the frame it commits is the same.
import { startTransition, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

/** Renders `element` into `root` in slices that yield to the browser between them. */
export function renderInSlices(root: Root, element: ReactNode): void {
  startTransition(() => root.render(element));
}
