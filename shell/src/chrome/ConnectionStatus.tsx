import { useConnection, type ConnectionState } from '@portal/platform';
import { Badge, type BadgeTone } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';

function describe(state: ConnectionState, now: number): { tone: BadgeTone; label: string } {
  switch (state.status) {
    case 'connected':
      return { tone: 'success', label: 'Live' };
    case 'connecting':
      return { tone: 'info', label: 'Connecting…' };
    case 'reconnecting': {
      const seconds = Math.ceil((state.nextAttemptAt - now) / 1000);
      return { tone: 'warning', label: seconds > 0 ? `Reconnecting in ${seconds} s` : 'Reconnecting…' };
    }
    case 'offline':
      return { tone: 'danger', label: 'Offline' };
    case 'idle':
      return { tone: 'neutral', label: 'Not connected' };
  }
}

/** The page's realtime connection, always in the header; counts down to the next attempt. */
export function ConnectionStatus(): ReactNode {
  const state = useConnection();
  const [now, setNow] = useState(() => Date.now());
  const counting = state.status === 'reconnecting';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [counting]);
  // `now` may be from before this attempt was scheduled; the attempt time itself bounds it.
  const { tone, label } = describe(state, state.status === 'reconnecting' ? Math.max(now, state.scheduledAt) : now);
  return (
    <span role="status" aria-label={`Realtime connection: ${label}`} data-testid="connection-state" data-status={state.status}>
      <Badge tone={tone} dot>
        {label}
      </Badge>
    </span>
  );
}
