// Recovering on its own after an outage (since contract 1.8). The portal's connection state goes
// "offline" while the backend does not answer (the shell asks the backend's health on a backoff
// until it does); when it answers again, what failed for want of an answer (a read, a list, a
// message saying the server is silent) is read or said again, so nobody has to press "Try again".
// Every remote did this with its own copy of these two hooks; they are the platform's now.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getPortal } from './portal.js';

/**
 * Whether the page finds the backend unreachable. A component re-renders when that changes, not at
 * each step of the realtime socket's: read through `useConnection()`, every component that retries
 * rendered again when the socket connected, and at each attempt of a reconnect.
 */
function useOffline(): boolean {
  const { connection } = getPortal();
  const offline = () => connection.get().status === 'offline';
  return useSyncExternalStore(connection.subscribe, offline, offline);
}

/** A count that grows each time the backend answers again after the page found it unreachable. */
export function useReconnects(): number {
  const offline = useOffline();
  const [seen, setSeen] = useState({ offline, reconnects: 0 });
  if (seen.offline !== offline) setSeen({ offline, reconnects: seen.reconnects + (offline ? 0 : 1) });
  return seen.reconnects;
}

/**
 * Calls `retry` each time the backend answers again while `waiting` (something it did not answer
 * is still unread or unsaid). Not for writes the person did not ask to repeat: a call that may
 * change data is offered again, never sent again by itself.
 */
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
