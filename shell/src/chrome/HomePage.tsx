import { usePortal, useRemotes } from '@portal/platform';
import { Card, EmptyState, PageHeader, Stack } from '@portal/ui';
import { memo, type ReactNode } from 'react';
import { RemoteIcon } from './icons.js';

/** The areas the registry lists, one card each; a card is rendered again only when what it shows changes (not on every remote's status change). */
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
            <AreaCard
              key={remote.name}
              name={remote.name}
              title={remote.title}
              route={remote.route}
              icon={remote.icon}
              description={remote.description ?? (remote.auth === 'none' ? 'Open to everyone.' : 'Needs you to be signed in.')}
              onIntent={onIntent}
            />
          ))}
        </div>
      )}
    </Stack>
  );
}

interface AreaCardProps {
  name: string;
  title: string;
  route: string;
  icon: string | undefined;
  description: string;
  onIntent: (remote: string) => void;
}

const AreaCard = memo(function AreaCard({ name, title, route, icon, description, onIntent }: AreaCardProps): ReactNode {
  return (
    <Card headingLevel={2} title={title} description={description}>
      <a className="portal-home-link" href={route} onMouseEnter={() => onIntent(name)} onFocus={() => onIntent(name)}>
        <RemoteIcon name={icon} />
        <span>Open {title}</span>
      </a>
    </Card>
  );
});
