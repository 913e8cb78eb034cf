/** @jest-environment jsdom */
// bench/react-renders.ts counts the components each React commit rendered, through the hook React
// DevTools installs: a component React skipped (memoised, props unchanged) is not counted. React
// DOM looks for the hook when it loads, so it is loaded after the hook is in place.
import { act, memo, useState, type ReactNode } from 'react';
import { installCommitCounter, recordedCommits } from '../bench/react-renders.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('counts the components each commit rendered, not those React skipped', async () => {
  installCommitCounter();
  const { createRoot } = await import('react-dom/client');
  function Leaf({ label }: { label: string }): ReactNode {
    return <li>{label}</li>;
  }
  const Links = memo(function Links(): ReactNode {
    return (
      <ul>
        <Leaf label="one" />
        <Leaf label="two" />
      </ul>
    );
  });
  let setCount: (count: number) => void = () => undefined;
  function Page(): ReactNode {
    const [count, set] = useState(0);
    setCount = set;
    return (
      <main>
        <Links />
        <Leaf label={`count ${count}`} />
      </main>
    );
  }
  const container = document.createElement('div');
  container.id = 'page-root';
  const root = createRoot(container);
  await act(async () => root.render(<Page />));
  await act(async () => setCount(1));
  expect(container.textContent).toBe('onetwocount 1');
  // Mounted: Page, Links (one fiber for a memoised function), its two leaves and the counter's
  // leaf; then Page and the counter's leaf only, not Links nor its leaves.
  expect(recordedCommits().map(({ root, components }) => [root, components])).toEqual([
    ['page-root', 5],
    ['page-root', 2],
  ]);
  await act(async () => root.unmount());
});
