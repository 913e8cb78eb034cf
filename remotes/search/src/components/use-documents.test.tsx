/** @jest-environment jsdom */
// The person's documents, once they answer, render in slices: the main thread is given back while
// the area renders them (issue #40: TBT). React's own scheduler, not act(): what matters is
// whether the render gives the main thread back.
import { createPortal, installPortal, uninstallPortal } from '@portal/platform';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DocumentSummary } from '../data-access/search-api.js';
import { useDocuments } from './use-documents.js';

// The documents function's answer: a dozen documents. The module's streaming reader needs web
// streams jsdom does not have, and this test needs only the list.
jest.mock('../data-access/search-api.js', () => ({
  listDocuments: async () => Array.from({ length: 12 }, (_, i) => ({ id: `d${i}`, title: `Document ${i}` }) as DocumentSummary),
}));

// A portal around a client whose requests never leave the test, for the connection state the
// hook reads (it reads again when the backend answers after an outage).
beforeAll(() => {
  const client = createClient('http://127.0.0.1:9', 'test-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
  });
  installPortal(createPortal({ supabase: client as never }));
});
afterAll(() => uninstallPortal());

/** Holds the main thread for `ms`, as a part of the area does at a phone's CPU. */
function spend(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Busy(): ReactNode {
  spend(3);
  return <li />;
}

function Committed({ onCommit }: { onCommit: () => void }): ReactNode {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

it('renders the documents in slices once they answer: a task queued as that render starts runs before it is committed', async () => {
  const supabase = {} as SupabaseClient;
  const order: string[] = [];
  // Queued as the documents' render starts: an ordinary update renders and commits them all first.
  let queued = false;
  function QueuesATask(): ReactNode {
    if (!queued) setTimeout(() => order.push('a task queued meanwhile'), 0);
    queued = true;
    return null;
  }
  const committed = new Promise<void>((resolve) => {
    function Documents(): ReactNode {
      const { documents } = useDocuments(supabase, 'person-1');
      if (documents.status !== 'ready') return null;
      return (
        <ul>
          <QueuesATask />
          {documents.documents.flatMap((document) => Array.from({ length: 3 }, (_, i) => <Busy key={`${document.id}-${i}`} />))}
          <Committed
            onCommit={() => {
              order.push('committed');
              resolve();
            }}
          />
        </ul>
      );
    }
    createRoot(document.createElement('div')).render(<Documents />);
  });
  await committed;
  expect(order).toEqual(['a task queued meanwhile', 'committed']);
});
