// The single-spa root config: one application per registry entry, active on its route when the
// session satisfies the auth level it needs. Every failure is contained and recorded in the
// portal's remote statuses (the chrome shows the error card; the status page the details).
// single-spa itself loads with the first remote's route or the intent to open one (its link
// hovered or focused): the home page and the status page never need it.
import {
  PortalError,
  PortalErrorCode,
  isPortalError,
  type Portal,
  type RemoteLifecycles,
  type RemoteLifecycleProps,
  type RemoteStatus,
} from '@portal/platform';
import type { Registry, RegistryEntry, Release } from '@portal/platform/registry';
import { chooseRelease, RESERVED_ROUTES } from '@portal/platform/registry-core';
import type { AppError } from 'single-spa';
import { loadExposed, preloadExposed, registerFederatedRemote } from '../federation/federation.js';
import { contractSatisfied } from '../federation/contract.js';
import { describeRemoteFailure } from '../chrome/failure-words.js';
import { checkAuth, routeMatches, type SessionLevel } from './routes.js';
import { pageMayHoldSession } from '../session/stored-session.js';

type LifecycleModule = Partial<RemoteLifecycles> & { default?: Partial<RemoteLifecycles> };
type SingleSpa = typeof import('single-spa');

/** single-spa statuses in which a remote is neither on screen nor on its way there. */
const IDLE_STATUSES: ReadonlySet<string> = new Set(['NOT_LOADED', 'NOT_BOOTSTRAPPED', 'NOT_MOUNTED', 'LOAD_ERROR', 'SKIP_BECAUSE_BROKEN']);

/** States in which a remote's load and mount are over, one way or the other. */
const SETTLED_STATES: ReadonlySet<string> = new Set(['mounted', 'unmounted', 'failed', 'blocked']);

/** A path the shell shows itself (home, status): nothing of single-spa's is needed there. */
const isShellRoute = (pathname: string) => (RESERVED_ROUTES as readonly string[]).includes(pathname);

/**
 * How long a remote may take to load (manifest, entry, code) and then to bootstrap and to mount
 * before the shell gives up and shows its error card with "Try again". Without a limit a remote
 * that hangs (an unanswered request, a mount that never resolves) leaves its route on a progress
 * bar for good: single-spa only warns about slow lifecycles.
 */
export const REMOTE_STEP_LIMIT_MS = 8_000;

/** Reads the registry again: a retry picks up a release published or rolled back meanwhile. */
export type RegistryReader = () => Promise<Registry>;

export class RemoteApplications {
  private readonly entries = new Map<string, RegistryEntry>();
  /** The release each remote was given in this browser (stable or canary). */
  private readonly releases = new Map<string, Release>();
  /** single-spa, once something asked for it (`startRouting`); null before, and after a failed load. */
  private router: Promise<SingleSpa | null> | null = null;
  /** single-spa once it has loaded and routes. */
  private spa: SingleSpa | null = null;
  private bucket = 0;
  /** Developer overrides: remote name → manifest URL on a local dev server. */
  private overrides: ReadonlyMap<string, string> = new Map();
  /**
   * `./app` of the remote whose route the page opened on, asked for as soon as the registry names
   * it rather than once single-spa has loaded and routed (`load` takes it): its files then come
   * in beside single-spa's instead of after them.
   */
  private readonly opened = new Map<string, Promise<LifecycleModule>>();
  /** The remotes `loadOpened` started, until they are on screen or have failed (`whenOpenedSettled`). */
  private readonly opening = new Set<string>();
  /** The id of the person signed in (null when no one is): a change from one to another remounts. */
  private person: string | null;
  /** Person switches whose unmount is under way: no remote is active until they are over. */
  private leaving = 0;

  constructor(
    private readonly portal: Portal,
    private readonly outlet: () => HTMLElement,
    private readonly readRegistry: RegistryReader | null = null,
    /** The one page a session that awaits its second factor may open (config.json `secondFactorPath`). */
    private readonly secondFactorPath: string | null = null,
  ) {
    this.person = signedInPerson(portal);
    portal.session.subscribe(() => this.sessionChanged());
    // Until single-spa routes, the shell listens for a navigation to a remote's route itself
    // (pushPath fires a popstate when single-spa does not).
    window.addEventListener('popstate', () => this.routeIfRemote());
    // Opened on a path that is not the shell's own (most likely a remote's): routing starts now,
    // single-spa's code on its way beside the registry rather than after it, and each remote is
    // registered with it as the registry names it. Not where no one can be signed in
    // (stored-session.ts): a route that shows the sign-in gate needs no router, and a route open to
    // everyone starts it once the registry names it (`register`).
    if (!isShellRoute(window.location.pathname) && pageMayHoldSession()) void this.startRouting();
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
    this.person = signedInPerson(this.portal);
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
    // subscribed before any remote mounted); `mount` shows the slot again.
    for (const slot of this.slots()) slot.hidden = true;
    this.leaving += 1;
    void spa
      .triggerAppChange()
      .catch(() => {})
      .then(() => {
        this.leaving -= 1;
        return spa.triggerAppChange();
      });
  }

  /** Registers every remote of the registry; routing starts on a remote's route. */
  register(registry: Registry, bucket: number): void {
    this.bucket = bucket;
    const statuses = Object.entries(registry.remotes).map(([name, entry]) =>
      this.registerEntry(name, entry),
    );
    this.portal.remotes.set(statuses);
    this.routeIfRemote();
  }

  /**
   * Starts loading the remote on whose route the page is as soon as the registry names it, before
   * the chrome has rendered and single-spa has loaded (`load` takes it), so that its files come in
   * beside theirs. Not for a release whose contract this portal does not meet, nor when the
   * session already says the route is closed to it (the sign-in gate shows instead). A failure is
   * the load's to report; when nothing took the promise yet, the remote is registered afresh so
   * that the load starts over.
   */
  loadOpened(registry: Registry, bucket: number): void {
    const { pathname } = window.location;
    const session = this.portal.session.getSnapshot();
    for (const [name, entry] of Object.entries(registry.remotes)) {
      if (this.opened.has(name) || this.spa?.getAppStatus(name) === 'MOUNTED') continue;
      if (!routeMatches(entry.route, pathname) || !contractSatisfied(this.portal.contractVersion, entry.contract)) continue;
      const check = checkAuth(entry.auth, session, pathname === this.secondFactorPath);
      if ((check !== 'allowed' && check !== 'waiting') || this.closedToVisitor(entry, session)) continue;
      const release = chooseRelease(entry, bucket);
      this.releases.set(name, release);
      this.federate(name, release);
      const opened = loadExposed<LifecycleModule>(name);
      this.opened.set(name, opened);
      this.opening.add(name);
      opened.catch(() => {
        if (this.opened.get(name) !== opened) return;
        this.opened.delete(name);
        this.federate(name, release, { force: true });
      });
    }
  }

  /**
   * Resolves once every remote the page opened on (`loadOpened`) is on screen or has failed, or
   * after REMOTE_STEP_LIMIT_MS at the latest (a remote left before it mounted never settles), and
   * the page has painted it; at once when the page opened on none. Work the person did not ask for
   * waits for it, so that it does not share the main thread with the first render of what they
   * opened.
   */
  async whenOpenedSettled(): Promise<void> {
    await this.openedSettled();
    await afterNextPaint();
  }

  private openedSettled(): Promise<void> {
    const settled = () => {
      for (const name of this.opening) {
        if (!SETTLED_STATES.has(this.status(name)?.state ?? '')) return false;
        this.opening.delete(name);
      }
      return true;
    };
    if (settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        unsubscribe();
        clearTimeout(timer);
        resolve();
      };
      const unsubscribe = this.portal.remotes.subscribe(() => {
        if (settled()) done();
      });
      const timer = setTimeout(done, REMOTE_STEP_LIMIT_MS);
    });
  }

  /**
   * Starts routing when the location is the route of a registered remote, unless that route shows
   * the sign-in gate to a visitor without a session (`closedToVisitor`): single-spa then loads once
   * the person has signed in (`sessionChanged`).
   */
  private routeIfRemote(): void {
    if (this.router) return;
    const { pathname } = window.location;
    const session = this.portal.session.getSnapshot();
    if ([...this.entries.values()].some((entry) => routeMatches(entry.route, pathname) && !this.closedToVisitor(entry, session))) void this.startRouting();
  }

  /**
   * Whether `entry`'s route shows this session the sign-in gate: it needs a session and there is
   * none, or one is still being restored in a browser that holds none (stored-session.ts). Nothing
   * of the remote is downloaded for it.
   */
  private closedToVisitor(entry: RegistryEntry, session: SessionLevel): boolean {
    const check = checkAuth(entry.auth, session, window.location.pathname === this.secondFactorPath);
    return check === 'needs-session' || (check === 'waiting' && !pageMayHoldSession());
  }

  /**
   * Loads single-spa (once), registers every known remote with it and starts it: it mounts the
   * remote whose route is on screen and routes from then on. A failed load is the failure of the
   * remote on screen, and its "Try again" asks again.
   */
  private startRouting(): Promise<SingleSpa | null> {
    this.router ??= import(/* webpackChunkName: "single-spa" */ 'single-spa').then((spa) => {
      spa.addErrorHandler((error: AppError) => {
        // Lifecycle wrappers already recorded the failure; this keeps single-spa from rethrowing it
        // as an uncaught error and records failures single-spa found itself.
        const name = error.appOrParcelName;
        if (this.status(name)?.state !== 'failed') this.fail(name, 'single-spa', error);
      });
      // Remotes load from other origins; be patient before single-spa gives up on a slow network.
      spa.setBootstrapMaxTime(15000, false, 5000);
      spa.setMountMaxTime(15000, false, 5000);
      spa.setUnmountMaxTime(5000, false, 3000);
      this.spa = spa;
      for (const [name, entry] of this.entries) this.registerApplication(name, entry);
      spa.start({ urlRerouteOnly: true });
      return spa;
    }).catch((error: unknown) => {
      this.router = null;
      for (const [name, entry] of this.entries) {
        if (routeMatches(entry.route, window.location.pathname)) this.fail(name, 'load', error);
      }
      return null;
    });
    return this.router;
  }

  /** Points remotes at a developer's local dev servers (name → manifest URL); set before `register`. */
  setOverrides(overrides: ReadonlyMap<string, string>): void {
    this.overrides = overrides;
  }

  /** Adds a remote the registry gained after the page started: it appears in the navigation. */
  add(name: string, entry: RegistryEntry): void {
    if (this.status(name)) return;
    const status = this.registerEntry(name, entry);
    this.portal.remotes.update((list) => [...list, status]);
  }

  /** The release this page runs of a remote (undefined when it is blocked or unknown). */
  releaseOf(name: string): Release | undefined {
    return this.releases.get(name);
  }

  isOverridden(name: string): boolean {
    return this.overrides.has(name);
  }

  /** Whether the remote is on screen or on its way there (or leaving): a release switch must wait. */
  isBusy(name: string): boolean {
    if (!this.spa?.getAppNames().includes(name)) return false;
    return !IDLE_STATUSES.has(this.spa.getAppStatus(name) ?? 'NOT_LOADED');
  }

  /**
   * Moves a remote that is not on screen to the registry's new entry: its next mount loads the
   * new release. Nothing the person has open changes, and the shell does not reload.
   */
  async switchRelease(name: string, entry: RegistryEntry): Promise<void> {
    if (!contractSatisfied(this.portal.contractVersion, entry.contract)) return;
    const release = chooseRelease(entry, this.bucket);
    this.entries.set(name, entry);
    this.releases.set(name, release);
    this.opened.delete(name);
    this.federate(name, release, { force: true });
    if (this.spa?.getAppNames().includes(name)) await this.spa.unregisterApplication(name);
    this.outlet()
      .querySelector(`[data-remote-slot="${CSS.escape(name)}"]`)
      ?.replaceChildren();
    this.patch(name, {
      title: entry.title,
      route: entry.route,
      version: release.version,
      manifestUrl: release.manifest,
      canary: release.canary,
      state: 'registered',
      loadMs: null,
      error: null,
    });
    this.registerApplication(name, entry);
  }

  /** The status of one registry entry; registers it with the runtime and single-spa when its contract fits. */
  private registerEntry(name: string, entry: RegistryEntry): RemoteStatus {
    const release = chooseRelease(entry, this.bucket);
    const compatible = contractSatisfied(this.portal.contractVersion, entry.contract);
    const override = this.overrides.get(name);
    const status: RemoteStatus = {
      name,
      title: entry.title,
      route: entry.route,
      ...(entry.icon ? { icon: entry.icon } : {}),
      ...(entry.description ? { description: entry.description } : {}),
      auth: entry.auth,
      version: override ? 'dev override' : release.version,
      manifestUrl: override ?? release.manifest,
      contract: entry.contract,
      canary: release.canary,
      state: compatible ? 'registered' : 'blocked',
      loadMs: null,
      error: compatible
        ? null
        : {
            code: PortalErrorCode.ContractMismatch,
            step: 'check contract',
            message: `${entry.title} ${release.version} needs platform ${entry.contract}, and this portal provides ${this.portal.contractVersion}.`,
          },
    };
    if (!compatible) return status;
    this.entries.set(name, entry);
    this.releases.set(name, release);
    this.federate(name, release);
    this.registerApplication(name, entry);
    return status;
  }

  /** Registers the release with the federation runtime, or the developer's override of it (no integrity: a dev server's build; its files only from config.json's devOrigins). */
  private federate(name: string, release: Release, options: { force?: boolean } = {}): void {
    const override = this.overrides.get(name);
    registerFederatedRemote(
      override
        ? { name, manifestUrl: override, integrity: null }
        : { name, manifestUrl: release.manifest, integrity: release.integrity, ...(release.files ? { files: release.files } : {}) },
      options,
    );
  }

  /** Loads and runs a remote's code ahead of a likely navigation (hover or focus of its link). */
  preload(name: string): void {
    if (this.status(name)?.state !== 'registered') return;
    this.patch(name, { state: 'preloading' });
    // Following the link then only mounts: single-spa and the remote's code are both here.
    void this.startRouting();
    preloadExposed(name).then(
      () => this.patch(name, (s) => (s.state === 'preloading' ? { state: 'preloaded' } : {})),
      // A failed preload is not a failure yet: the real load reports it if it happens again. The
      // runtime keeps a failed load until the remote is registered again, so it is registered afresh.
      () => {
        const release = this.releases.get(name);
        if (release) this.federate(name, release, { force: true });
        this.patch(name, (s) => (s.state === 'preloading' ? { state: 'registered' } : {}));
      },
    );
  }

  /**
   * Starts a failed remote again: read the registry again (its team may have rolled back or
   * published a fix), forget the cached manifest and entry, clear its area, re-register, re-route.
   */
  async retry(name: string): Promise<void> {
    await this.refreshRelease(name);
    const entry = this.entries.get(name);
    const release = this.releases.get(name);
    if (!entry || !release) return;
    this.opened.delete(name);
    this.federate(name, release, { force: true });
    this.patch(name, { state: 'registered', error: null });
    if (this.spa?.getAppNames().includes(name)) await this.spa.unregisterApplication(name);
    // What a mount that failed or never finished left behind must not show beside the new mount.
    this.outlet()
      .querySelector(`[data-remote-slot="${CSS.escape(name)}"]`)
      ?.replaceChildren();
    this.registerApplication(name, entry);
    // single-spa itself may be what failed to load.
    this.routeIfRemote();
  }

  /** Takes the registry's current release of `name`; keeps the known one when the registry cannot be read. */
  private async refreshRelease(name: string): Promise<void> {
    if (!this.readRegistry) return;
    let entry: RegistryEntry | undefined;
    try {
      entry = (await this.readRegistry()).remotes[name];
    } catch {
      // The retry itself shows whether the release this page knows loads.
      return;
    }
    if (!entry || !contractSatisfied(this.portal.contractVersion, entry.contract)) return;
    const release = chooseRelease(entry, this.bucket);
    this.entries.set(name, entry);
    this.releases.set(name, release);
    this.patch(name, {
      version: release.version,
      manifestUrl: release.manifest,
      canary: release.canary,
    });
  }

  /** Registers the remote with single-spa, or leaves it to `startRouting` while single-spa has not loaded. */
  private registerApplication(name: string, entry: RegistryEntry): void {
    if (!this.spa) return;
    this.spa.registerApplication({
      name,
      app: () => this.load(name),
      activeWhen: (location) =>
        this.leaving === 0 &&
        routeMatches(entry.route, location.pathname) &&
        checkAuth(entry.auth, this.portal.session.getSnapshot(), location.pathname === this.secondFactorPath) === 'allowed',
      customProps: (appName: string) => ({
        domElement: this.slot(appName, entry.title),
        reportError: (error: unknown, step: string) => this.fail(appName, step, error),
      }),
    });
  }

  private async load(name: string): Promise<RemoteLifecycles> {
    const started = performance.now();
    this.patch(name, { state: 'loading', error: null });
    let lifecycles: RemoteLifecycles;
    try {
      const opened = this.opened.get(name);
      this.opened.delete(name);
      const module = await withinLimit(
        opened ?? loadExposed<LifecycleModule>(name),
        () =>
          new PortalError(
            PortalErrorCode.RemoteLoadFailed,
            `${this.titleOf(name)} did not finish loading within ${REMOTE_STEP_LIMIT_MS / 1000} s (its manifest or code is not answering).`,
            { remote: name, step: 'load' },
          ),
      );
      lifecycles = asLifecycles(name, module);
    } catch (error) {
      this.fail(name, 'load', error);
      throw error;
    }
    this.patch(name, (s) => ({ loadMs: s.loadMs ?? Math.round(performance.now() - started) }));
    return {
      meta: lifecycles.meta,
      bootstrap: (props) =>
        this.step(name, 'bootstrap', () =>
          this.limited(name, 'bootstrap', lifecycles.bootstrap(props)),
        ),
      mount: async (props: RemoteLifecycleProps) => {
        if (props.domElement) props.domElement.hidden = false;
        await this.step(name, 'mount', () => this.limited(name, 'mount', lifecycles.mount(props)));
        this.patch(name, (s) => (s.state === 'failed' ? {} : { state: 'mounted' }));
      },
      unmount: async (props: RemoteLifecycleProps) => {
        await this.step(name, 'unmount', () => lifecycles.unmount(props));
        this.patch(name, (s) => (s.state === 'failed' ? {} : { state: 'unmounted' }));
      },
    };
  }

  /** `work` unless it takes longer than the limit, then a crash of that step naming the limit. */
  private limited(name: string, step: string, work: Promise<void>): Promise<void> {
    return withinLimit(
      work,
      () =>
        new PortalError(
          PortalErrorCode.RemoteCrashed,
          `${this.titleOf(name)} did not finish its ${step} within ${REMOTE_STEP_LIMIT_MS / 1000} s.`,
          { remote: name, step },
        ),
    );
  }

  private titleOf(name: string): string {
    return this.status(name)?.title ?? name;
  }

  private async step(name: string, step: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.fail(name, step, error);
      throw error;
    }
  }

  private fail(name: string, step: string, error: unknown): void {
    const code = isPortalError(error)
      ? error.code
      : step === 'load'
        ? PortalErrorCode.RemoteLoadFailed
        : PortalErrorCode.RemoteCrashed;
    const message = describeRemoteFailure(step, error);
    this.patch(name, { state: 'failed', error: { code, step, message } });
    this.portal.events.emit('remote:failed', { remote: name, step, message });
  }

  /** The remotes' slots (none while the outlet is not rendered yet). */
  private slots(): HTMLElement[] {
    let outlet: HTMLElement;
    try {
      outlet = this.outlet();
    } catch {
      return [];
    }
    return [...outlet.querySelectorAll<HTMLElement>('[data-remote-slot]')];
  }

  private slot(name: string, title: string): HTMLElement {
    const outlet = this.outlet();
    let slot = outlet.querySelector<HTMLElement>(`[data-remote-slot="${CSS.escape(name)}"]`);
    if (!slot) {
      slot = document.createElement('section');
      slot.dataset.remoteSlot = name;
      slot.setAttribute('aria-label', title);
      outlet.appendChild(slot);
    }
    return slot;
  }

  private status(name: string): RemoteStatus | undefined {
    return this.portal.remotes.get().find((s) => s.name === name);
  }

  private patch(
    name: string,
    change: Partial<RemoteStatus> | ((current: RemoteStatus) => Partial<RemoteStatus>),
  ): void {
    this.portal.remotes.update((list) =>
      list.map((s) =>
        s.name === name ? { ...s, ...(typeof change === 'function' ? change(s) : change) } : s,
      ),
    );
  }
}

/** The id of the person signed in, or null. */
function signedInPerson(portal: Portal): string | null {
  const { status, user } = portal.session.getSnapshot();
  return status === 'signed-in' ? (user?.id ?? null) : null;
}

/** Settles as `work` does, or rejects with `timeout()` once the limit has passed. */
function withinLimit<T>(work: Promise<T>, timeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout()), REMOTE_STEP_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function asLifecycles(name: string, module: LifecycleModule): RemoteLifecycles {
  const candidate = typeof module.mount === 'function' ? module : module.default;
  if (
    !candidate ||
    typeof candidate.mount !== 'function' ||
    typeof candidate.unmount !== 'function'
  ) {
    throw new PortalError(
      PortalErrorCode.RemoteLoadFailed,
      `The remote "${name}" exposes ./app without single-spa lifecycles (bootstrap, mount, unmount); build it with defineRemote().`,
      { remote: name, step: 'load' },
    );
  }
  return {
    meta: candidate.meta ?? ({} as RemoteLifecycles['meta']),
    bootstrap: candidate.bootstrap ?? (async () => {}),
    mount: candidate.mount,
    unmount: candidate.unmount,
  };
}

/** Resolves after the page's next paint (at once in a hidden tab, which does not paint). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
