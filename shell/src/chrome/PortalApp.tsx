import { useAuth, useLocation, useRemotes, type RemoteStatus } from '@portal/platform';
import { AppShell, Badge, ErrorState, PageHeader, ProgressBar, Stack, ThemeToggle, Toaster } from '@portal/ui';
import { Suspense, lazy, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { devOverrideState } from '../registry/dev-overrides.js';
import type { RemoteApplications } from '../lifecycle/remote-applications.js';
import { registryState } from '../registry/registry-state.js';
import { awaitsSecondFactor, checkAuth, routeMatches } from '../lifecycle/routes.js';
import type { RuntimeConfig } from '../start-up/runtime-config.js';
import { ConnectionStatus } from './ConnectionStatus.js';
import { DevOverrideBanner } from './DevOverrideBanner.js';
import { HomePage } from './HomePage.js';
import { Navigation } from './Navigation.js';
import { NotFound } from './NotFound.js';
import { NotificationBridge } from './NotificationBridge.js';
import { PageTitle } from './PageTitle.js';
import { RemoteErrorCard } from './RemoteErrorCard.js';
import { RouteHeader } from './RouteHeader.js';
import { SignInGate } from './SignInGate.js';
import { UpdateNotice } from './UpdateNotice.js';
import { useFirstContentfulPaint } from './use-first-paint.js';
import { UserMenu } from './UserMenu.js';
import { chromeStylesheet } from './chrome.css.js';

// The status page's table is in @portal/ui's forms group, which no other page of the shell needs:
// loaded when the page is opened, so the portal's start does not load that group.
const StatusPage = lazy(() => import('./StatusPage.js').then(({ StatusPage }) => ({ default: StatusPage })));
// Only on a page a link asking for a dev override opened (the status page has its own).
const DevOverridesPanel = lazy(() => import('./DevOverridesPanel.js').then(({ DevOverridesPanel }) => ({ default: DevOverridesPanel })));

interface PortalAppProps {
  config: RuntimeConfig;
  applications: () => RemoteApplications;
  /** Receives the element remotes mount into (rendered once, never re-rendered by React). */
  onOutlet: (element: HTMLElement | null) => void;
  onRetryRegistry: () => void;
  /** The person closed the notice of a remote's new release. */
  onDismissUpdate: (remote: string) => void;
}

type View =
  | { kind: 'shell'; content: ReactNode }
  /**
   * A remote's route: `overlay` (progress, gate, error card), whether the remote's area shows, and
   * whether the shell draws the route's header (while the remote is on its way and once it is on
   * screen, not over a gate or an error card).
   */
  | { kind: 'remote'; remote: RemoteStatus; overlay: ReactNode | null; outlet: boolean; header: boolean };

/**
 * The page's frame: the header, the navigation and the main area. Each part subscribes to what it
 * shows (the navigation to the remotes and their badges, the header's actions to the session and
 * the connection, the main area to the route's state), so that a remote's status changing while a
 * page starts (registered, loading, mounted: several times per page) renders the main area again,
 * not the whole chrome: rendered from here, each change rendered the navigation's links, the
 * header's actions and their icons again, 40–50 components a time, in tasks of 35–70 ms at a
 * phone's CPU (issue #40: TBT).
 */
export function PortalApp({ config, applications, onOutlet, onRetryRegistry, onDismissUpdate }: PortalAppProps): ReactNode {
  const { pathname } = useLocation();
  const preload = useCallback((name: string) => applications().preload(name), [applications]);
  return (
    <>
      <style>{chromeStylesheet}</style>
      <AppShell
        brand={BRAND}
        header={config.environment !== 'production' ? <Badge tone="accent">{config.environment}</Badge> : null}
        actions={
          <>
            <ConnectionStatus />
            <ThemeToggle className="portal-theme--header" />
            <UserMenu signInPath={config.signInPath} />
          </>
        }
        nav={
          <>
            <Navigation pathname={pathname} onIntent={preload} />
            {/* On a phone the theme is chosen in the navigation's drawer: the header has no room for it (chrome.css.ts). */}
            <ThemeToggle className="portal-theme--drawer" />
          </>
        }
        mainId="portal-main"
        locationKey={pathname}
      >
        <PortalMain config={config} applications={applications} preload={preload} onOutlet={onOutlet} onRetryRegistry={onRetryRegistry} onDismissUpdate={onDismissUpdate} />
      </AppShell>
      <Toaster />
      <NotificationBridge />
    </>
  );
}

const BRAND = (
  <a href="/" className="portal-brand">
    <span className="portal-brand__mark" aria-hidden="true">
      P
    </span>
    <span className="portal-brand__name">Portal</span>
  </a>
);

/** The main area: the route's header and page (the shell's own, or a remote's outlet with what covers it). */
function PortalMain({
  config,
  applications,
  preload,
  onOutlet,
  onRetryRegistry,
  onDismissUpdate,
}: PortalAppProps & { preload: (name: string) => void }): ReactNode {
  const { pathname, search } = useLocation();
  const auth = useAuth();
  const remotes = useRemotes();
  const registry = useSyncExternalStore(registryState.subscribe, registryState.get);
  const askedOverride = useSyncExternalStore(devOverrideState.subscribe, devOverrideState.get).asked;
  // A callback ref that never changes: React attaches the outlet once and leaves its children
  // (the remotes' own React roots) alone.
  const outletRef = useCallback((element: HTMLDivElement | null) => onOutlet(element), [onOutlet]);
  const firstPainted = useFirstContentfulPaint();
  const statusLoading = <ProgressBar label="Loading the status page" hideLabel />;

  const view = ((): View => {
    // On its way to the second-factor page (second-factor.ts): nothing else of the portal shows.
    if (awaitsSecondFactor(auth) && pathname !== config.secondFactorPath) {
      return { kind: 'shell', content: <ProgressBar label="Opening two-step verification" hideLabel /> };
    }
    if (pathname === '/') return { kind: 'shell', content: <HomePage onIntent={preload} /> };
    if (pathname === '/status') {
      return {
        kind: 'shell',
        // The header is drawn with the chrome, and the page's own code (a chunk of its own, with the
        // tables) is asked for once that first frame is on screen: the header is the page's Largest
        // Contentful Paint, and nothing is downloaded beside the main script for it (issue #40).
        content: (
          <Stack gap={6}>
            <PageHeader title="Status" description="What this portal runs: each remote's release and state, who changed what, and the shared libraries." />
            <Suspense fallback={statusLoading}>{firstPainted ? <StatusPage config={config} /> : statusLoading}</Suspense>
          </Stack>
        ),
      };
    }
    const remote = remotes.find((r) => routeMatches(r.route, pathname));
    if (!remote) {
      if (registry.status === 'loading') return { kind: 'shell', content: <ProgressBar label="Loading the portal" hideLabel /> };
      if (registry.status === 'failed') return { kind: 'shell', content: null };
      return { kind: 'shell', content: <NotFound pathname={pathname} /> };
    }
    if (remote.state === 'blocked' || remote.state === 'failed') {
      return {
        kind: 'remote',
        remote,
        overlay: <RemoteErrorCard remote={remote} onRetry={() => applications().retry(remote.name)} />,
        outlet: false,
        header: false,
      };
    }
    const access = checkAuth(remote.auth, auth, pathname === config.secondFactorPath);
    if (access === 'waiting') return { kind: 'remote', remote, overlay: <ProgressBar label="Restoring your session" hideLabel />, outlet: false, header: true };
    if (access !== 'allowed') {
      return {
        kind: 'remote',
        remote,
        overlay: <SignInGate remote={remote} reason={access} signInPath={config.signInPath} secondFactorPath={config.secondFactorPath} next={pathname + search} />,
        outlet: false,
        header: false,
      };
    }
    const busy = remote.state !== 'mounted';
    return { kind: 'remote', remote, overlay: busy ? (
        <div className="portal-route-loading">
          <ProgressBar label={`Loading ${remote.title}`} hideLabel />
        </div>
      ) : null, outlet: true, header: true };
  })();

  // The document's title: the page's heading, in its area (the remote's title, or the shell's page).
  const place = pathname === '/' ? { area: null, page: 'Home' } : { area: view.kind === 'remote' ? view.remote.title : pathname === '/status' ? 'Status' : null };

  return (
    <>
      <PageTitle {...place} location={pathname} />
      <DevOverrideBanner />
      {askedOverride && pathname !== '/status' ? (
        <Suspense fallback={<ProgressBar label="Loading the dev overrides panel" hideLabel />}>
          <DevOverridesPanel />
        </Suspense>
      ) : null}
      <UpdateNotice onDismiss={onDismissUpdate} />
      {registry.status === 'failed' ? (
        <div data-testid="registry-error">
          <ErrorState title="The portal could not load its list of areas" message={registry.message} onRetry={onRetryRegistry} compact />
        </div>
      ) : null}
      {view.kind === 'remote' && view.header ? <RouteHeader remote={view.remote} /> : null}
      {view.kind === 'shell' ? view.content : view.overlay}
      <div ref={outletRef} className="portal-outlet" data-testid="remote-outlet" hidden={!(view.kind === 'remote' && view.outlet)} />
    </>
  );
}
