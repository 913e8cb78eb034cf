// The single-spa root config, put together: one application per registry entry, active on its
// route when the session satisfies the auth level it needs. Each lifecycle step lives in a module
// of its own (activation by route: remote-router.ts; the page's first remote: opened-remote.ts;
// load: remote-loading.ts; bootstrap, mount, unmount: remote-mounting.ts; failures and limits:
// remote-failures.ts) and tells the named hooks of lifecycle-hooks.ts, which the remotes'
// statuses (remote-statuses.ts, read by the chrome and the status page), the release updates and
// the backgrounds subscribe to. This class is what the rest of the shell calls: register, preload,
// retry, and the release switch the updates ask for.
import type { Portal, RemoteLifecycles } from '@portal/platform';
import type { Registry, RegistryEntry, Release } from '@portal/platform/registry';
import { preloadExposed } from '../federation/federation.js';
import { contractSatisfied } from '../federation/contract.js';
import { createLifecycleHooks, type LifecycleHooks, type RegisteredRemote } from './lifecycle-hooks.js';
import { OpenedRemote } from './opened-remote.js';
import { RemoteFailures } from './remote-failures.js';
import { loadRemote } from './remote-loading.js';
import { RemoteMounting } from './remote-mounting.js';
import { RemoteReleases } from './remote-releases.js';
import { RemoteRouter } from './remote-router.js';
import { recordRemoteStatuses, statusOf } from './remote-statuses.js';

/** Reads the registry again: a retry picks up a release published or rolled back meanwhile. */
export type RegistryReader = () => Promise<Registry>;

export class RemoteApplications {
  /** The lifecycle's named hooks: subscribe to follow every remote's steps. */
  readonly hooks: LifecycleHooks = createLifecycleHooks();
  private readonly releases = new RemoteReleases();
  private readonly failures: RemoteFailures;
  private readonly mounting: RemoteMounting;
  private readonly opened: OpenedRemote;
  private readonly router: RemoteRouter;

  constructor(
    private readonly portal: Portal,
    outlet: () => HTMLElement,
    private readonly readRegistry: RegistryReader | null = null,
    /** The one page a session that awaits its second factor may open (config.json `secondFactorPath`). */
    secondFactorPath: string | null = null,
  ) {
    // First of the subscribers: a step's status is written before anyone else hears of it.
    recordRemoteStatuses(portal, this.hooks);
    this.failures = new RemoteFailures(this.hooks, (name) => statusOf(portal, name)?.title ?? name);
    this.mounting = new RemoteMounting(this.hooks, this.failures, outlet, (name) => this.releases.releaseOf(name)?.version ?? '');
    this.router = new RemoteRouter({
      portal,
      hooks: this.hooks,
      releases: this.releases,
      failures: this.failures,
      mounting: this.mounting,
      loadApp: (name) => this.loadApp(name),
      secondFactorPath,
    });
    this.opened = new OpenedRemote({
      portal,
      releases: this.releases,
      secondFactorPath,
      isMounted: (name) => this.router.isMounted(name),
      closedToVisitor: (entry, session) => this.router.closedToVisitor(entry, session),
    });
  }

  /** Registers every remote of the registry; routing starts on a remote's route. */
  register(registry: Registry, bucket: number): void {
    this.releases.bucket = bucket;
    const remotes = Object.entries(registry.remotes).map(([name, entry]) => this.registerEntry(name, entry));
    this.hooks.registered.emit({ remotes });
    this.router.routeIfRemote();
  }

  /**
   * Starts loading the remote on whose route the page is as soon as the registry names it, before
   * the chrome has rendered and single-spa has loaded (opened-remote.ts).
   */
  loadOpened(registry: Registry, bucket: number): void {
    this.releases.bucket = bucket;
    this.opened.load(registry);
  }

  /**
   * Resolves once every remote the page opened on is on screen or has failed (at the latest after
   * the step limit) and the page has painted it. Work the person did not ask for waits for it, so
   * that it does not share the main thread with the first render of what they opened.
   */
  whenOpenedSettled(): Promise<void> {
    return this.opened.whenSettled();
  }

  /** Points remotes at a developer's local dev servers (name → manifest URL); set before `register`. */
  setOverrides(overrides: ReadonlyMap<string, string>): void {
    this.releases.setOverrides(overrides);
  }

  /** Adds a remote the registry gained after the page started: it appears in the navigation. */
  add(name: string, entry: RegistryEntry): void {
    if (statusOf(this.portal, name)) return;
    this.hooks.added.emit({ remote: this.registerEntry(name, entry) });
  }

  /** The release this page runs of a remote (undefined when it is blocked or unknown). */
  releaseOf(name: string): Release | undefined {
    return this.releases.releaseOf(name);
  }

  isOverridden(name: string): boolean {
    return this.releases.isOverridden(name);
  }

  /** Whether the remote is on screen or on its way there (or leaving): a release switch must wait. */
  isBusy(name: string): boolean {
    return this.router.isBusy(name);
  }

  /**
   * Moves a remote that is not on screen to the registry's new entry: its next mount loads the
   * new release. Nothing the person has open changes, and the shell does not reload.
   */
  async switchRelease(name: string, entry: RegistryEntry): Promise<void> {
    if (!contractSatisfied(this.portal.contractVersion, entry.contract)) return;
    const release = this.releases.choose(entry);
    this.releases.take(name, entry, release);
    this.opened.forget(name);
    this.releases.federate(name, release, { force: true });
    await this.router.unregister(name);
    this.mounting.clear(name);
    this.hooks.switched.emit({ name, entry, release });
    this.router.register(name, entry);
  }

  /** Loads and runs a remote's code ahead of a likely navigation (hover or focus of its link). */
  preload(name: string): void {
    if (statusOf(this.portal, name)?.state !== 'registered') return;
    this.hooks.preloading.emit({ name });
    // Following the link then only mounts: single-spa and the remote's code are both here.
    void this.router.start();
    preloadExposed(name).then(
      () => this.hooks.preloaded.emit({ name }),
      // A failed preload is not a failure yet: the real load reports it if it happens again. The
      // runtime keeps a failed load until the remote is registered again, so it is registered afresh.
      () => {
        this.releases.federateAfresh(name);
        this.hooks.preloadFailed.emit({ name });
      },
    );
  }

  /**
   * Starts a failed remote again: read the registry again (its team may have rolled back or
   * published a fix), forget the cached manifest and entry, clear its area, re-register, re-route.
   */
  async retry(name: string): Promise<void> {
    await this.refreshRelease(name);
    const entry = this.releases.entries.get(name);
    const release = this.releases.releaseOf(name);
    if (!entry || !release) return;
    this.opened.forget(name);
    this.releases.federate(name, release, { force: true });
    this.hooks.retrying.emit({ name });
    await this.router.unregister(name);
    // What a mount that failed or never finished left behind must not show beside the new mount.
    this.mounting.clear(name);
    this.router.register(name, entry);
    // single-spa itself may be what failed to load.
    this.router.routeIfRemote();
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
    const release = this.releases.choose(entry);
    this.releases.take(name, entry, release);
    this.hooks.refreshed.emit({ name, release });
  }

  /** One registry entry as registered: with the runtime and single-spa when its contract fits, blocked otherwise. */
  private registerEntry(name: string, entry: RegistryEntry): RegisteredRemote {
    const release = this.releases.choose(entry);
    const compatible = contractSatisfied(this.portal.contractVersion, entry.contract);
    const remote = { name, entry, release, override: this.releases.overrideOf(name), compatible };
    if (!compatible) return remote;
    this.releases.take(name, entry, release);
    this.releases.federate(name, release);
    this.router.register(name, entry);
    return remote;
  }

  /** single-spa's `app`: the load step, then its lifecycles wrapped by the mount step. */
  private async loadApp(name: string): Promise<RemoteLifecycles> {
    const lifecycles = await loadRemote(name, { hooks: this.hooks, failures: this.failures, openedAhead: this.opened.take(name) });
    return this.mounting.wrap(name, lifecycles);
  }
}
