/** @jest-environment jsdom */
// The signed-in pages arrive in a chunk of their own; the page they fill is rendered in slices
// (issue #40: TBT). React's own scheduler, not act(), so what is seen is whether that render gives
// the main thread back before it is committed.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Holds the main thread for `ms`, as a part's render does at a phone's CPU. */
function spend(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Busy(): ReactNode {
  spend(3);
  return <span />;
}

const order: string[] = [];
let queued = false;

jest.mock('./signed-in-pages.js', () => ({
  ProfilePage(): ReactNode {
    if (!queued) setTimeout(() => order.push('a task queued meanwhile'), 0);
    queued = true;
    return Array.from({ length: 12 }, (_, i) => <Busy key={i} />);
  },
  SecurityPage: () => null,
}));

import { useSignedInPages } from './signed-in-pages-loader.js';

it('renders the page the chunk brings in slices: a task queued while it renders runs before it is on screen', async () => {
  function Page(): ReactNode {
    const { pages } = useSignedInPages();
    return pages ? <pages.ProfilePage /> : <progress />;
  }
  const host = document.createElement('main');
  const root = createRoot(host);
  root.render(<Page />);
  const shown = new MutationObserver(() => {
    if (host.querySelectorAll('span').length === 12) order.push('on screen');
  });
  shown.observe(host, { childList: true, subtree: true });
  await new Promise<void>((resolve) => {
    const check = () => (order.includes('on screen') ? resolve() : setTimeout(check, 5));
    check();
  });
  shown.disconnect();
  expect(order).toEqual(['a task queued meanwhile', 'on screen']);
  root.unmount();
});
