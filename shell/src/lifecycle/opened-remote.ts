// The remote whose route the page opened on: its `./app` asked for as soon as the registry names
// it, beside single-spa's code rather than after it (the load step takes the promise), and the
// moment it is on screen or has failed (`whenSettled`), which work the person did not ask for
// waits for.
import type { Portal } from '@portal/platform';
import type { Registry, RegistryEntry } from '@portal/platform/registry';
import { loadExposed } from '../federation/federation.js';
import { contractSatisfied } from '../federation/contract.js';
import { REMOTE_STEP_LIMIT_MS } from './remote-failures.js';
import type { LifecycleModule } from './remote-loading.js';
import type { RemoteReleases } from './remote-releases.js';
import { statusOf } from './remote-statuses.js';
import { checkAuth, routeMatches, type SessionLevel } from './routes.js';
import { afterNextPaint } from '../start-up/next-paint.js';

/** States in which a remote's load and mount are over, one way or the other. */
const SETTLED_STATES: ReadonlySet<string> = new Set(['mounted', 'unmounted', 'failed', 'blocked']);

export interface OpenedRemoteOptions {
  portal: Portal;
  releases: RemoteReleases;
  /** The one page a session that awaits its second factor may open (config.json `secondFactorPath`). */
  secondFactorPath: string | null;
  /** Whether single-spa has the remote on screen already. */
  isMounted: (name: string) => boolean;
  /** Whether `entry`'s route shows this session the sign-in gate (nothing of it is downloaded then). */
  closedToVisitor: (entry: RegistryEntry, session: SessionLevel) => boolean;
}

export class OpenedRemote {
  /** `./app` of each remote asked for ahead of single-spa, until the load step takes it. */
  private readonly opened = new Map<string, Promise<LifecycleModule>>();
  /** The remotes `load` started, until they are on screen or have failed (`whenSettled`). */
  private readonly opening = new Set<string>();

  constructor(private readonly options: OpenedRemoteOptions) {}

  /**
   * Starts loading the remote on whose route the page is as soon as the registry names it, before
   * the chrome has rendered and single-spa has loaded (the load step takes it), so that its files
   * come in beside theirs. Not for a release whose contract this portal does not meet, nor when the
   * session already says the route is closed to it (the sign-in gate shows instead). A failure is
   * the load's to report; when nothing took the promise yet, the remote is registered afresh so
   * that the load starts over.
   */
  load(registry: Registry): void {
    const { portal, releases, secondFactorPath } = this.options;
    const { pathname } = window.location;
    const session = portal.session.getSnapshot();
    for (const [name, entry] of Object.entries(registry.remotes)) {
      if (this.opened.has(name) || this.options.isMounted(name)) continue;
      if (!routeMatches(entry.route, pathname) || !contractSatisfied(portal.contractVersion, entry.contract)) continue;
      const check = checkAuth(entry.auth, session, pathname === secondFactorPath);
      if ((check !== 'allowed' && check !== 'waiting') || this.options.closedToVisitor(entry, session)) continue;
      const release = releases.choose(entry);
      releases.takeRelease(name, release);
      releases.federate(name, release);
      const opened = loadExposed<LifecycleModule>(name);
      this.opened.set(name, opened);
      this.opening.add(name);
      opened.catch(() => {
        if (this.opened.get(name) !== opened) return;
        this.opened.delete(name);
        releases.federate(name, release, { force: true });
      });
    }
  }

  /** The load started ahead for `name`, handed over once (undefined when none was). */
  take(name: string): Promise<LifecycleModule> | undefined {
    const opened = this.opened.get(name);
    this.opened.delete(name);
    return opened;
  }

  /** Drops what was loaded ahead for `name`: its release changed or its load is tried again. */
  forget(name: string): void {
    this.opened.delete(name);
  }

  /**
   * Resolves once every remote the page opened on (`load`) is on screen or has failed, or after
   * REMOTE_STEP_LIMIT_MS at the latest (a remote left before it mounted never settles), and the
   * page has painted it; at once when the page opened on none.
   */
  async whenSettled(): Promise<void> {
    await this.settled();
    await afterNextPaint();
  }

  private settled(): Promise<void> {
    const { portal } = this.options;
    const settled = () => {
      for (const name of this.opening) {
        if (!SETTLED_STATES.has(statusOf(portal, name)?.state ?? '')) return false;
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
      const unsubscribe = portal.remotes.subscribe(() => {
        if (settled()) done();
      });
      const timer = setTimeout(done, REMOTE_STEP_LIMIT_MS);
    });
  }
}
