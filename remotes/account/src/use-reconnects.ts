// The server answering again after an outage, for what the account area reads or said: the
// platform's connection state goes "offline" while the backend does not answer (it asks the
// backend's health on a backoff until it does). Lists read again, the sign-in methods are asked
// for again, and a form's "did not answer" message says the server is back.
import { useConnection } from '@portal/platform';
import { useState } from 'react';

/** A count that grows each time the backend answers again after the page found it unreachable. */
export function useReconnects(): number {
  const offline = useConnection().status === 'offline';
  const [seen, setSeen] = useState({ offline, reconnects: 0 });
  if (seen.offline !== offline) setSeen({ offline, reconnects: seen.reconnects + (offline ? 0 : 1) });
  return seen.reconnects;
}
