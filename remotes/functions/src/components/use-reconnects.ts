// The server answering again after an outage: the platform's connection state goes "offline"
// while the backend does not answer (it asks the backend's health on a backoff until it does).
// The catalogue and the log are read again, and an answer that never came says the server is back.
import { useConnection } from '@portal/platform';
import { useEffect, useRef, useState } from 'react';

/** A count that grows each time the backend answers again after the page found it unreachable. */
export function useReconnects(): number {
  const offline = useConnection().status === 'offline';
  const [seen, setSeen] = useState({ offline, reconnects: 0 });
  if (seen.offline !== offline) setSeen({ offline, reconnects: seen.reconnects + (offline ? 0 : 1) });
  return seen.reconnects;
}

/** Calls `retry` each time the backend answers again while `waiting` (something it did not answer). */
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
