// Activation by route: single-spa, loaded once a remote's route is opened or about to be, with one
// application per compatible remote, active on its route when the session meets the remote's auth
// level. A person switch (another person signed in without a sign-out between) hides and unmounts
// every remote before any mounts again. Forwards single-spa's route changes to the `routed` hook.
// The home page and the status page never load single-spa.
import type { Portal, RemoteLifecycles } from '@portal/platform';
import type { RegistryEntry } from '@portal/platform/registry';
import { RESERVED_ROUTES } from '@portal/platform/registry-core';
import type { AppError } from 'single-spa';
import { pageMayHoldSession } from '../session/stored-session.js';
import type { LifecycleHooks } from './lifecycle-hooks.js';
import type { RemoteFailures } from './remote-failures.js';
import type { RemoteMounting } from './remote-mounting.js';
import type { RemoteReleases } from './remote-releases.js';
import { statusOf } from './remote-statuses.js';
import { checkAuth, routeMatches, type SessionLevel } from './routes.js';
import { remoteCodeMayRun } from '../federation/remote-code-gate.js';

type SingleSpa = typeof import('single-spa');

/** single-spa statuses in which a remote is neither on screen nor on its way there. */
const IDLE_STATUSES: ReadonlySet<string> = new Set(['NOT_LOADED', 'NOT_BOOTSTRAPPED', 'NOT_MOUNTED', 'LOAD_ERROR', 'SKIP_BECAUSE_BROKEN']);

/** A path the shell shows itself (home, status): nothing of single-spa's is needed there. */
const isShellRoute = (pathname: string) => (RESERVED_ROUTES as readonly string[]).includes(pathname);

export interface RemoteRouterOptions {
  portal: Portal;
  hooks: LifecycleHooks;
  releases: RemoteReleases;
  failures: RemoteFailures;
  mounting: RemoteMounting;
  /** single-spa's `app` of a remote: its lifecycles, loaded and wrapped. */
  loadApp: (name: string) => Promise<RemoteLifecycles>;
  /** The one page a session that awaits its second factor may open (config.json `secondFactorPath`). */
  secondFactorPath: string | null;
}

export class RemoteRouter {
  /** single-spa, once something asked for it (`start`); null before, and after a failed load. */
  private router: Promise<SingleSpa | null> | null = null;
  /** single-spa once it has loaded and routes. */
  private spa: SingleSpa | null = null;
  /** The id of the person signed in (null when no one is): a change from one to another remounts. */
  private person: string | null;
  /** Person switches whose unmount is under way: no remote is active until they are over. */
  private leaving = 0;

  constructor(private readonly options: RemoteRouterOptions) {
    const { portal, hooks } = options;
    this.person = signedInPerson(portal);
    portal.session.subscribe(() => this.sessionChanged());
    // Until single-spa routes, the shell listens for a navigation to a remote's route itself
    // (pushPath fires a popstate when single-spa does not).
    window.addEventListener('popstate', () => this.routeIfRemote());
    // single-spa fires this after every route change has mounted and unmounted what it had to.
    window.addEventListener('single-spa:routing-event', () => hooks.routed.emit());
    // Opened on a path that is not the shell's own (most likely a remote's): routing starts now,
    // single-spa's code on its way beside the registry rather than after it, and each remote is
    // registered with it as the registry names it. Not where no one can be signed in
    // (stored-session.ts): a route that shows the sign-in gate needs no router, and a route open to
    // everyone starts it once the registry names it (`routeIfRemote`).
    if (!isShellRoute(window.location.pathname) && pageMayHoldSession()) void this.start();
  }

  /**
   * Routes again on every session change. When another person signed in without a sign-out in
   * between (in another tab: the tabs share the session), every remote on screen or on its way is
   * hidden at once and unmounted, then mounted afresh for the new person: a remote must not go on
   * showing the previous person's rows, files or form values until it happens to read again. A
   * token refresh (the same person) changes nothing on screen.
   */
  private sessionChanged(): void {
    const previous = this.person;
    this.person = signedInPerson(this.options.portal);
    const spa = this.spa;
    if (!spa) {
      // Signed in on a route that showed the sign-in gate: its remote loads now.
      this.routeIfRemote();
      return;
    }
    if (!previous || !this.person || previous === this.person) {
      void spa.triggerAppChange();
      return;
    }
    // Hidden before the remotes re-render for the new person (this listener runs first: it was
    // subscribed before any remote mounted); the mount step shows the slot again.
    for (const slot of this.options.mounting.slots()) slot.hidden = true;
    this.leaving += 1;
    void spa
      .triggerAppChange()
      .catch(() => {})
      .then(() => {
        this.leaving -= 1;
        return spa.triggerAppChange();
      });
  }

  /**
   * Starts routing when the location is the route of a registered remote, unless that route shows
   * the sign-in gate to a visitor without a session (`closedToVisitor`): single-spa then loads once
   * the person has signed in (`sessionChanged`).
   */
  routeIfRemote(): void {
    if (this.router) return;
    const { pathname } = window.location;
    const session = this.options.portal.session.getSnapshot();
    if ([...this.options.releases.entries.values()].some((entry) => routeMatches(entry.route, pathname) && !this.closedToVisitor(entry, session))) void this.start();
  }

  /**
   * Whether `entry`'s route shows this session the sign-in gate: it needs a session and there is
   * none, or one is still being restored in a browser that holds none (stored-session.ts). Nothing
   * of the remote is downloaded for it.
   */
  closedToVisitor(entry: RegistryEntry, session: SessionLevel): boolean {
    const check = checkAuth(entry.auth, session, window.location.pathname === this.options.secondFactorPath);
    return check === 'needs-session' || (check === 'waiting' && !pageMayHoldSession());
  }

  /**
   * Loads single-spa (once), registers every known remote with it and starts it: it mounts the
   * remote whose route is on screen and routes from then on. A failed load is the failure of the
   * remote on screen, and its "Try again" asks again.
   */
  start(): Promise<SingleSpa | null> {
    const { portal, releases, failures } = this.options;
    if (this.router) return this.router;
    // Run only once the page has painted its first frame of the route (remote-code-gate.ts); the
    // page's first script has already asked for the file.
    const imported = remoteCodeMayRun().then(() => import(/* webpackChunkName: "single-spa" */ 'single-spa'));
    this.router = imported.then((spa) => {
      spa.addErrorHandler((error: AppError) => {
        // Lifecycle wrappers already recorded the failure; this keeps single-spa from rethrowing it
        // as an uncaught error and records failures single-spa found itself.
        const name = error.appOrParcelName;
        if (statusOf(portal, name)?.state !== 'failed') failures.fail(name, 'single-spa', error);
      });
      // Remotes load from other origins; be patient before single-spa gives up on a slow network.
      spa.setBootstrapMaxTime(15000, false, 5000);
      spa.setMountMaxTime(15000, false, 5000);
      spa.setUnmountMaxTime(5000, false, 3000);
      this.spa = spa;
      for (const [name, entry] of releases.entries) this.register(name, entry);
      spa.start({ urlRerouteOnly: true });
      return spa;
    }).catch((error: unknown) => {
      this.router = null;
      for (const [name, entry] of releases.entries) {
        if (routeMatches(entry.route, window.location.pathname)) failures.fail(name, 'load', error);
      }
      return null;
    });
    return this.router;
  }

  /** Registers the remote with single-spa, or leaves it to `start` while single-spa has not loaded. */
  register(name: string, entry: RegistryEntry): void {
    if (!this.spa) return;
    const { portal, mounting, loadApp, secondFactorPath } = this.options;
    this.spa.registerApplication({
      name,
      app: () => loadApp(name),
      activeWhen: (location) =>
        this.leaving === 0 &&
        routeMatches(entry.route, location.pathname) &&
        checkAuth(entry.auth, portal.session.getSnapshot(), location.pathname === secondFactorPath) === 'allowed',
      customProps: (appName: string) => mounting.props(appName, entry.title),
    });
  }

  /** Takes the remote out of single-spa (unmounted first if it is on screen), so it can be registered anew. */
  async unregister(name: string): Promise<void> {
    if (this.spa?.getAppNames().includes(name)) await this.spa.unregisterApplication(name);
  }

  /** Whether single-spa has the remote on screen. */
  isMounted(name: string): boolean {
    return this.spa?.getAppStatus(name) === 'MOUNTED';
  }

  /** Whether the remote is on screen or on its way there (or leaving): a release switch must wait. */
  isBusy(name: string): boolean {
    if (!this.spa?.getAppNames().includes(name)) return false;
    return !IDLE_STATUSES.has(this.spa.getAppStatus(name) ?? 'NOT_LOADED');
  }
}

/** The id of the person signed in, or null. */
function signedInPerson(portal: Portal): string | null {
  const { status, user } = portal.session.getSnapshot();
  return status === 'signed-in' ? (user?.id ?? null) : null;
}
