// One remote's failure, contained on its route: what failed in words, the details for whoever
// looks closer, and "Try again". A remote whose files did not arrive for want of an answer is
// tried again by itself when the page's connection comes back (the network, or the backend).
import { useConnection, type RemoteStatus } from '@portal/platform';
import { ErrorState } from '@portal/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FILES_UNANSWERED } from './failure-words.js';

const HEADLINES: Record<string, (title: string) => string> = {
  load: (title) => `${title} could not be loaded`,
  'fetch manifest': (title) => `${title} could not be loaded`,
  'verify manifest': (title) => `${title} was refused: its files changed after publishing`,
  'check contract': (title) => `${title} needs a newer portal`,
};

/** Contains one remote's failure; the rest of the portal keeps working. */
export function RemoteErrorCard({ remote, onRetry }: { remote: RemoteStatus; onRetry: () => Promise<void> }): ReactNode {
  const [retrying, setRetrying] = useState(false);
  const step = remote.error?.step ?? 'load';
  const headline = (HEADLINES[step] ?? ((title: string) => `${title} stopped working`))(remote.title);
  const canRetry = remote.state !== 'blocked';
  const retryLatest = useRef(onRetry);
  useEffect(() => {
    retryLatest.current = onRetry;
  });
  const cameBack = useCameBack();
  const handled = useRef(cameBack);
  const waitingForNetwork = remote.error?.message === FILES_UNANSWERED;
  useEffect(() => {
    if (handled.current === cameBack) return;
    handled.current = cameBack;
    if (waitingForNetwork) void retryLatest.current();
  }, [cameBack, waitingForNetwork]);
  return (
    <div data-testid="remote-error" data-remote={remote.name}>
      <ErrorState
        title={headline}
        message={`${remote.error?.message ?? 'Unknown error.'} The rest of the portal keeps working.`}
        details={`${remote.error?.code ?? ''} · step: ${step} · ${remote.name} ${remote.version} · ${remote.manifestUrl}`}
        {...(canRetry
          ? {
              onRetry: () => {
                setRetrying(true);
                void onRetry().finally(() => setRetrying(false));
              },
              retrying,
            }
          : {})}
      />
    </div>
  );
}

/** A count that grows each time the page's connection comes back from offline (network or backend). */
function useCameBack(): number {
  const offline = useConnection().status === 'offline';
  const [seen, setSeen] = useState({ offline, returns: 0 });
  if (seen.offline !== offline) setSeen({ offline, returns: seen.returns + (offline ? 0 : 1) });
  return seen.returns;
}
