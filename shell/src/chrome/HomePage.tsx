import { usePortal, useRemotes } from '@portal/platform';
import { Card, EmptyState, PageHeader, Stack } from '@portal/ui';
import type { ReactNode } from 'react';
import { RemoteIcon } from './icons.js';

export function HomePage({ onIntent }: { onIntent: (remote: string) => void }): ReactNode {
  const { user } = usePortal();
  const remotes = useRemotes();
  return (
    <Stack gap={6}>
      <PageHeader
        title={user ? `Welcome back${user.email ? `, ${user.email}` : ''}` : 'Welcome to the portal'}
        description="Everything your project offers, in one place. Each area is built and released by its own team."
      />
      {remotes.length === 0 ? (
        <EmptyState title="No areas are published yet" description="Publish a remote with the deploy CLI and it appears here without rebuilding the portal." />
      ) : (
        <div className="portal-home-grid">
          {remotes.map((remote) => (
            <Card key={remote.name} headingLevel={2} title={remote.title} description={remote.description ?? (remote.auth === 'none' ? 'Open to everyone.' : 'Needs you to be signed in.')}>
              <a className="portal-home-link" href={remote.route} onMouseEnter={() => onIntent(remote.name)} onFocus={() => onIntent(remote.name)}>
                <RemoteIcon name={remote.icon} />
                <span>Open {remote.title}</span>
              </a>
            </Card>
          ))}
        </div>
      )}
    </Stack>
  );
}
