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
    case 'offline': {
      if (state.reason === 'network') return { tone: 'danger', label: 'Offline' };
      const seconds = Math.ceil((state.nextAttemptAt - now) / 1000);
      return { tone: 'danger', label: seconds > 0 ? `Offline: server unreachable, retrying in ${seconds} s` : 'Offline: server unreachable, retrying…' };
    }
    case 'idle':
      return { tone: 'neutral', label: 'Not connected' };
  }
}

/** When the next attempt of a state that has one is due. */
function attemptTimes(state: ConnectionState): { scheduledAt: number; nextAttemptAt: number } | null {
  if (state.status === 'reconnecting' || (state.status === 'offline' && state.reason === 'backend')) return state;
  return null;
}

/** The page's connection to the backend, always in the header; counts down to the next attempt. */
export function ConnectionStatus(): ReactNode {
  const state = useConnection();
  const [now, setNow] = useState(() => Date.now());
  const attempt = attemptTimes(state);
  const counting = attempt !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [counting]);
  // `now` may be from before this attempt was scheduled; the attempt time itself bounds it.
  const { tone, label } = describe(state, attempt ? Math.max(now, attempt.scheduledAt) : now);
  const reason = state.status === 'offline' ? state.reason : undefined;
  return (
    <span role="status" aria-label={`Connection: ${label}`} data-testid="connection-state" data-status={state.status} data-reason={reason}>
      <Badge tone={tone} dot>
        {label}
      </Badge>
    </span>
  );
}
