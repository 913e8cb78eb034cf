import { useEffect, useId, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { IconButton } from '../buttons/IconButton.js';
import { CloseIcon, MenuIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useMediaQuery } from '../internal/useMediaQuery.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { DRAWER_MEDIA } from './drawer.js';

export interface AppShellProps extends HTMLAttributes<HTMLDivElement> {
  /** Logo and product name, top left. */
  brand?: ReactNode;
  /** Extra header content after the brand (breadcrumbs, environment badge…). */
  header?: ReactNode;
  /** Right side of the header (theme toggle, user menu). */
  actions?: ReactNode;
  /** The side navigation, usually a <Nav>. Collapses into a drawer on narrow screens. */
  nav?: ReactNode;
  /** Id of <main>, the skip link's target. The shell mounts remotes inside it. */
  mainId?: string;
  skipLinkLabel?: string;
  navToggleLabel?: string;
  /** Changes when the route changes; closes the narrow-screen drawer after navigation. */
  locationKey?: string;
  children?: ReactNode;
}

/**
 * Moves focus to the main landmark. Following the link alone changed the URL's fragment and left
 * focus on the link (the shell's router owns the URL, and a fragment does not move focus in every
 * browser): the next Tab went on through the header. The URL is left as it is.
 */
function skipTo(event: MouseEvent<HTMLAnchorElement>, mainId: string): void {
  const main = document.getElementById(mainId);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** The page frame: skip link, sticky header, side navigation and the main landmark. */
export function AppShell({
  brand,
  header,
  actions,
  nav,
  mainId = 'pui-main',
  skipLinkLabel = 'Skip to content',
  navToggleLabel = 'Navigation',
  locationKey,
  className,
  children,
  ...rest
}: AppShellProps) {
  useStylesheet();
  // Narrow screens get a drawer; wide ones a fixed column and no toggle at all (not just
  // an invisible one that keyboard users could still tab to). Unknown (no matchMedia):
  // render the toggle and let the stylesheet's matching media query hide it.
  const narrow = useMediaQuery(DRAWER_MEDIA);
  const hasDrawer = Boolean(nav) && narrow !== false;
  // The drawer is open for the location it was opened at; navigating closes it.
  const [openedAt, setOpenedAt] = useState<{ location: string | undefined } | null>(null);
  const navOpen = hasDrawer && openedAt !== null && openedAt.location === locationKey;
  const setNavOpen = (open: boolean) => setOpenedAt(open ? { location: locationKey } : null);
  const sidebarId = `pui-sidebar-${useId()}`;

  useEffect(() => {
    if (!navOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenedAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen]);

  return (
    <div className={cx('pui-app', className)} {...rest}>
      <a className="pui-skip-link" href={`#${mainId}`} onClick={(event) => skipTo(event, mainId)}>
        {skipLinkLabel}
      </a>
      <header className="pui-app__header">
        {hasDrawer ? (
          <IconButton
            className="pui-app__nav-toggle"
            label={navToggleLabel}
            icon={navOpen ? <CloseIcon /> : <MenuIcon />}
            aria-expanded={navOpen}
            aria-controls={sidebarId}
            onClick={() => setNavOpen(!navOpen)}
          />
        ) : null}
        {brand ? <div className="pui-app__brand">{brand}</div> : null}
        <div className="pui-app__header-content">{header}</div>
        {actions ? <div className="pui-app__actions">{actions}</div> : null}
      </header>
      <div className="pui-app__body">
        {nav ? (
          <>
            <aside id={sidebarId} className="pui-app__sidebar" data-open={navOpen}>
              <div className="pui-app__sidebar-inner">{nav}</div>
            </aside>
            <div className="pui-app__backdrop" data-open={navOpen} onClick={() => setNavOpen(false)} />
          </>
        ) : null}
        <main id={mainId} className="pui-app__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
