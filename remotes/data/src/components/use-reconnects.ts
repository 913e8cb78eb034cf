// Recovering on its own: a count that grows each time the backend answers again after the page
// found it unreachable (the platform's connection state, which asks the backend's health while
// it does not answer). What failed for want of an answer — a read, a save — is tried again when
// it grows, so a person never has to press "Try again" after an outage.
import { useConnection } from '@portal/platform';
import { useEffect, useRef, useState } from 'react';

export function useReconnects(): number {
  const offline = useConnection().status === 'offline';
  const [seen, setSeen] = useState({ offline, reconnects: 0 });
  if (seen.offline !== offline) setSeen({ offline, reconnects: seen.reconnects + (offline ? 0 : 1) });
  return seen.reconnects;
}

/** Calls `retry` each time the backend is back, while `waiting` (something failed unanswered). */
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
