import { useRemotes } from '@portal/platform';
import { HomeIcon, Nav, NavLink, NavSection, SettingsIcon } from '@portal/ui';
import type { ReactNode } from 'react';
import { routeMatches } from '../routes.js';
import { RemoteIcon } from './icons.js';

interface NavigationProps {
  pathname: string;
  /** Called on navigation intent (hover, focus) so the remote's files are on their way. */
  onIntent: (remote: string) => void;
}

/** Generated from the registry: one link per remote, plus the shell's own pages. */
export function Navigation({ pathname, onIntent }: NavigationProps): ReactNode {
  const remotes = useRemotes();
  return (
    <Nav label="Main">
      <NavSection>
        <NavLink href="/" icon={<HomeIcon />} active={pathname === '/'} aria-current={pathname === '/' ? 'page' : undefined}>
          Home
        </NavLink>
        {remotes.map((remote) => {
          const active = routeMatches(remote.route, pathname);
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
