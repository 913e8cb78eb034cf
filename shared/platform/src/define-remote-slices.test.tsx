/** @jest-environment jsdom */
// A remote's first render at a phone's CPU (issue #40: TBT): React's own scheduler, not act(), so
// what is seen is whether the mount's render gives the main thread back before it is committed.
import type { ReactNode } from 'react';
import { defineRemote } from './define-remote.js';
import type { RemoteMeta } from './remote-meta.js';

const meta: RemoteMeta = { name: 'busy', title: 'Busy', route: '/busy', contract: '^1.0.0', auth: 'none' };

/** Holds the main thread for `ms`, as a part's render does at a phone's CPU. */
function spend(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Busy({ ms }: { ms: number }): ReactNode {
  spend(ms);
  return <span />;
}

it("renders a remote's first screen in slices: a task queued while it renders runs before the mount resolves", async () => {
  const order: string[] = [];
  let queued = false;
  function Root(): ReactNode {
    if (!queued) setTimeout(() => order.push('a task queued meanwhile'), 0);
    queued = true;
    return Array.from({ length: 12 }, (_, i) => <Busy key={i} ms={3} />);
  }
  const lifecycles = defineRemote(Root, meta);
  const domElement = document.createElement('section');
  await lifecycles.mount({ name: 'busy', domElement });
  order.push('mounted');
  expect(order).toEqual(['a task queued meanwhile', 'mounted']);
  expect(domElement.querySelectorAll('span')).toHaveLength(12);
  await lifecycles.unmount({ name: 'busy', domElement });
});
