/** @jest-environment jsdom */
// What the database's description brings is rendered in slices: the main thread is given back
// while the tables it lists render (issue #40: TBT). React's own scheduler, not act(): what
// matters is whether the render gives the main thread back.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { SAMPLE_OPENAPI } from '../schema/sample-openapi.js';
import { installTestPortal } from './test-portal.js';
import { useSchemaModel } from './use-schema-model.js';

installTestPortal();

/** Holds the main thread for `ms`, as a table's row does at a phone's CPU. */
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

/** The client's one call here, answered with the sample shop's description (jsdom has no fetch to answer). */
function describedClient(): SupabaseClient {
  return { getOpenApiSpec: async () => ({ data: SAMPLE_OPENAPI, error: null }) } as unknown as SupabaseClient;
}

it('renders what the description brings in slices: a task queued as that render starts runs before it is committed', async () => {
  const supabase = describedClient();
  const order: string[] = [];
  // Queued as the tables' render starts: an ordinary update renders and commits them all first.
  let queued = false;
  function QueuesATask(): ReactNode {
    if (!queued) setTimeout(() => order.push('a task queued meanwhile'), 0);
    queued = true;
    return null;
  }
  const committed = new Promise<void>((resolve) => {
    function Tables(): ReactNode {
      const schema = useSchemaModel(supabase, 'person-1');
      if (schema.status !== 'ready') return null;
      return (
        <ul>
          <QueuesATask />
          {schema.model.tables.flatMap((table) => Array.from({ length: 3 }, (_, i) => <Busy key={`${table.name}-${i}`} />))}
          <Committed
            onCommit={() => {
              order.push('committed');
              resolve();
            }}
          />
        </ul>
      );
    }
    createRoot(document.createElement('div')).render(<Tables />);
  });
  await committed;
  expect(order).toEqual(['a task queued meanwhile', 'committed']);
});
