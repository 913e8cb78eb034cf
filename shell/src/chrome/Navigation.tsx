import { useNavBadges, useRemotes } from '@portal/platform';
import { Badge, HomeIcon, Nav, NavLink, NavSection, SettingsIcon, VisuallyHidden } from '@portal/ui';
import type { ReactNode } from 'react';
import { routeMatches } from '../lifecycle/routes.js';
import { RemoteIcon } from './icons.js';

interface NavigationProps {
  pathname: string;
  /** Called on navigation intent (hover, focus) so the remote's files are on their way. */
  onIntent: (remote: string) => void;
}

/** Generated from the registry: one link per remote, plus the shell's own pages. */
export function Navigation({ pathname, onIntent }: NavigationProps): ReactNode {
  const remotes = useRemotes();
  const badges = useNavBadges();
  return (
    <Nav label="Main">
      <NavSection>
        <NavLink href="/" icon={<HomeIcon />} active={pathname === '/'} aria-current={pathname === '/' ? 'page' : undefined}>
          Home
        </NavLink>
        {remotes.map((remote) => {
          const active = routeMatches(remote.route, pathname);
          const badge = badges[remote.name];
          return (
            <NavLink
              key={remote.name}
              href={remote.route}
              icon={<RemoteIcon name={remote.icon} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-remote={remote.name}
              onMouseEnter={() => onIntent(remote.name)}
              onFocus={() => onIntent(remote.name)}
              end={
                badge ? (
                  <Badge tone="accent" title={badge.label} data-testid="nav-badge" data-count={badge.count}>
                    <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
                    <VisuallyHidden>{badge.label}</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
            >
              {remote.title}
            </NavLink>
          );
        })}
      </NavSection>
      <NavSection title="Portal">
        <NavLink href="/status" icon={<SettingsIcon />} active={pathname === '/status'} aria-current={pathname === '/status' ? 'page' : undefined}>
          Status
        </NavLink>
      </NavSection>
    </Nav>
  );
}
