import { useNavBadges, useRemotes } from '@portal/platform';
import { Badge, Nav, NavLink, NavSection, VisuallyHidden } from '@portal/ui';
import { memo, type ReactNode } from 'react';
import { routeMatches } from '../lifecycle/routes.js';
import { RemoteIcon } from './icons.js';

interface NavigationProps {
  pathname: string;
  /** Called on navigation intent (hover, focus) so the remote's files are on their way. */
  onIntent: (remote: string) => void;
}

/**
 * Generated from the registry: one link per remote, plus the shell's own pages. The list is
 * rendered again whenever a remote's status or badge changes (several times while a page starts);
 * each link only when what it shows changes (`NavEntry` takes plain values and is memoised).
 */
export function Navigation({ pathname, onIntent }: NavigationProps): ReactNode {
  const remotes = useRemotes();
  const badges = useNavBadges();
  return (
    <Nav label="Main">
      <NavSection>
        <NavEntry href="/" icon="home" title="Home" active={pathname === '/'} />
        {remotes.map((remote) => {
          const badge = badges[remote.name];
          return (
            <NavEntry
              key={remote.name}
              remote={remote.name}
              href={remote.route}
              icon={remote.icon ?? 'folder'}
              title={remote.title}
              active={routeMatches(remote.route, pathname)}
              badgeCount={badge?.count}
              badgeLabel={badge?.label}
              onIntent={onIntent}
            />
          );
        })}
      </NavSection>
      <NavSection title="Portal">
        <NavEntry href="/status" icon="settings" title="Status" active={pathname === '/status'} />
      </NavSection>
    </Nav>
  );
}

interface NavEntryProps {
  href: string;
  icon: string;
  title: string;
  active: boolean;
  /** A remote's link: named on the element, and its files preloaded on intent. */
  remote?: string;
  badgeCount?: number | undefined;
  badgeLabel?: string | undefined;
  onIntent?: (remote: string) => void;
}

const NavEntry = memo(function NavEntry({ href, icon, title, active, remote, badgeCount, badgeLabel, onIntent }: NavEntryProps): ReactNode {
  const intent = remote && onIntent ? () => onIntent(remote) : undefined;
  return (
    <NavLink
      href={href}
      icon={<RemoteIcon name={icon} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-remote={remote}
      onMouseEnter={intent}
      onFocus={intent}
      end={
        badgeCount !== undefined && badgeLabel !== undefined ? (
          <Badge tone="accent" title={badgeLabel} data-testid="nav-badge" data-count={badgeCount}>
            <span aria-hidden="true">{badgeCount > 99 ? '99+' : badgeCount}</span>
            <VisuallyHidden>{badgeLabel}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
    >
      {title}
    </NavLink>
  );
});
