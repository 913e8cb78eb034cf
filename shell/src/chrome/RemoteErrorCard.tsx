import type { RemoteStatus } from '@portal/platform';
import { ErrorState } from '@portal/ui';
import { useState, type ReactNode } from 'react';

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
