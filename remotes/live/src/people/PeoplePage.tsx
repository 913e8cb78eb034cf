import { usePresence } from '@portal/platform';
import { Avatar, Badge, Card, EmptyState, ProgressBar, TextLink } from '@portal/ui';
import type { ReactNode } from 'react';

/**
 * The people who share a project with this person and are in the portal now, and where they are
 * (the shell tracks each tab once, on the person's own topic). Each is keyed by the user id their
 * topic was authorised for and named from their profile; nothing another client sends about who
 * it is shows here (platform contract 1.5).
 */
export function PeoplePage(): ReactNode {
  const presence = usePresence();
  if (presence.status === 'joining' && presence.people.length === 0) return <ProgressBar label="Finding who is here" hideLabel />;
  return (
    <Card title="Here now" description="People who share a project with you and are in the portal now, with the pages they have open." flush>
      {presence.status === 'unavailable' ? <Badge tone="warning">Presence is unavailable; reconnecting</Badge> : null}
      {presence.people.length === 0 ? (
        <EmptyState compact title="Nobody here" description="People you share a project with appear as soon as they open the portal." />
      ) : (
        <ul className="live-people" aria-label="People here now">
          {presence.people.map((person) => (
            <li key={person.userId} className="live-person" data-testid="person" data-user={person.userId}>
              <Avatar name={person.name} src={person.avatarUrl} size="md" status="online" decorative />
              <div>
                <strong>{person.name}</strong>
                {person.userId === presence.me?.userId ? <Badge tone="accent">you</Badge> : null}
                <ul className="live-person__routes" aria-label={`Pages ${person.name} has open`}>
                  {person.routes.map((route) => (
                    <li key={route} data-testid="person-route">
                      <TextLink href={route}>{route}</TextLink>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
