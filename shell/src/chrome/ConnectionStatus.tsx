import { useConnection, type ConnectionState } from '@portal/platform';
import { Badge, type BadgeTone } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The state in words, and in a word for a phone's header (`short`), where the whole sentence (up
 * to "Offline: server unreachable, retrying in 12 s") pushed the page sideways. `null` while no
 * socket is open and nothing is wrong (signed out, or nothing listens yet): "Not connected" told a
 * visitor nothing they could act on, and took the header's room.
 */
function describe(state: ConnectionState, now: number): { tone: BadgeTone; label: string; short: string } | null {
  switch (state.status) {
    case 'connected':
      return { tone: 'success', label: 'Live', short: 'Live' };
    case 'connecting':
      return { tone: 'info', label: 'Connecting…', short: 'Connecting…' };
    case 'reconnecting': {
      const seconds = Math.ceil((state.nextAttemptAt - now) / 1000);
      return { tone: 'warning', label: seconds > 0 ? `Reconnecting in ${seconds} s` : 'Reconnecting…', short: 'Reconnecting…' };
    }
    case 'offline': {
      if (state.reason === 'network') return { tone: 'danger', label: 'Offline', short: 'Offline' };
      const seconds = Math.ceil((state.nextAttemptAt - now) / 1000);
      return { tone: 'danger', label: seconds > 0 ? `Offline: server unreachable, retrying in ${seconds} s` : 'Offline: server unreachable, retrying…', short: 'Offline' };
    }
    case 'idle':
      return null;
  }
}

/** When the next attempt of a state that has one is due. */
function attemptTimes(state: ConnectionState): { scheduledAt: number; nextAttemptAt: number } | null {
  if (state.status === 'reconnecting' || (state.status === 'offline' && state.reason === 'backend')) return state;
  return null;
}

/** The page's connection to the backend, in the header while there is one or one is wanted; counts down to the next attempt. */
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
  const shown = describe(state, attempt ? Math.max(now, attempt.scheduledAt) : now);
  const reason = state.status === 'offline' ? state.reason : undefined;
  // The live region is there from the start, so that its first words are announced too. On a
  // phone the whole sentence is still what a screen reader hears (visually hidden, chrome.css.ts).
  return (
    <span role="status" aria-label={shown ? `Connection: ${shown.label}` : undefined} className="portal-connection" data-testid="connection-state" data-status={state.status} data-reason={reason}>
      {shown ? (
        <Badge tone={shown.tone} dot>
          <span className="portal-connection__label">{shown.label}</span>
          {shown.short !== shown.label ? (
            <span className="portal-connection__short" aria-hidden="true">
              {shown.short}
            </span>
          ) : null}
        </Badge>
      ) : null}
    </span>
  );
}
