// Recovering on its own: the platform's connection state goes "offline" while the backend does
// not answer (it asks the backend's health on a backoff until it does). When it comes back,
// whatever failed for want of an answer is read again, so nobody has to press "Try again".
import { useConnection } from '@portal/platform';
import { useEffect, useRef, useState } from 'react';

/** A count that grows each time the backend answers again after the page found it unreachable. */
function useReconnects(): number {
  const offline = useConnection().status === 'offline';
  const [seen, setSeen] = useState({ offline, reconnects: 0 });
  if (seen.offline !== offline)
    setSeen({ offline, reconnects: seen.reconnects + (offline ? 0 : 1) });
  return seen.reconnects;
}

/** Calls `retry` each time the backend is back while `waiting` (something failed unanswered). */
export function useRetryWhenBack(waiting: boolean, retry: () => void): void {
  const reconnects = useReconnects();
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  const handled = useRef(reconnects);
  useEffect(() => {
    if (handled.current === reconnects) return;
    handled.current = reconnects;
    if (waiting) latest.current();
  }, [reconnects, waiting]);
}
