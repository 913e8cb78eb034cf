/** @jest-environment jsdom */
// React's own scheduler, not act(): what matters is whether the render gives the main thread back.
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderInSlices } from './render-in-slices.js';

/** Holds the main thread for `ms`, as a part's render does at a phone's CPU. */
function spend(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Busy({ ms }: { ms: number }): ReactNode {
  spend(ms);
  return <span />;
}

function Committed({ onCommit }: { onCommit: () => void }): ReactNode {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

it('renders in slices: a task queued while it renders runs before the render is committed', async () => {
  const root = createRoot(document.createElement('div'));
  const order: string[] = [];
  // Queued as the render starts: an ordinary update renders and commits the whole tree first.
  let queued = false;
  function QueuesATask(): ReactNode {
    if (!queued) setTimeout(() => order.push('a task queued meanwhile'), 0);
    queued = true;
    return null;
  }
  const committed = new Promise<void>((resolve) => {
    renderInSlices(
      root,
      <>
        <QueuesATask />
        {Array.from({ length: 12 }, (_, i) => (
          <Busy key={i} ms={3} />
        ))}
        <Committed
          onCommit={() => {
            order.push('committed');
            resolve();
          }}
        />
      </>,
    );
  });
  await committed;
  expect(order).toEqual(['a task queued meanwhile', 'committed']);
  root.unmount();
});
