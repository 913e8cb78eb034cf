// Runs the always-on part of each remote that declares one (`background` in the registry):
// loaded and started once the person may use the remote (its auth level), stopped when that
// ends or another person signs in, its navigation badge cleared with it. Loading is on demand,
// after sign-in, so an offline remote never delays the portal's start. Follows the lifecycle's
// `registered` hook (lifecycle-hooks.ts): the registry's remotes, once the remote the page opened
// on has settled.
import { describeError, isPortalError, type NavBadge, type Portal, type RemoteBackgroundModule } from '@portal/platform';
import type { RegistryEntry } from '@portal/platform/registry';
import { loadExposed } from '../federation/federation.js';
import type { LifecycleHooks } from './lifecycle-hooks.js';
import { checkAuth } from './routes.js';

interface Running {
  /** The person it runs for. */
  userId: string;
  /** Resolves to what stops it (null when it failed to start). */
  stop: Promise<(() => void | Promise<void>) | null>;
}

export type LoadBackground = (remote: string, expose: string) => Promise<RemoteBackgroundModule>;

export class RemoteBackgrounds {
  private readonly declared = new Map<string, RegistryEntry>();
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly portal: Portal,
    private readonly load: LoadBackground = (remote, expose) => loadExposed<RemoteBackgroundModule>(remote, expose),
  ) {
    portal.session.subscribe(() => this.reconcile());
  }

  /**
   * Follows the registry's remotes as the lifecycle registers them. Their backgrounds' code loads
   * only once the remote the page opened on is on screen (`whenOpenedSettled`): what the person
   * opened renders first.
   */
  follow(hooks: LifecycleHooks, whenOpenedSettled: () => Promise<void>): void {
    hooks.registered.on(({ remotes }) => {
      const compatible = new Map(remotes.filter((remote) => remote.compatible).map((remote) => [remote.name, remote.entry]));
      void whenOpenedSettled().then(() => this.register(compatible));
    });
  }

  /** The registry's remotes (compatible ones only); those with `background` are followed. */
  register(entries: ReadonlyMap<string, RegistryEntry>): void {
    this.declared.clear();
    for (const [name, entry] of entries) if (entry.background) this.declared.set(name, entry);
    this.reconcile();
  }

  private reconcile(): void {
    // A session that awaits its second factor may use no remote: checkAuth refuses it every entry.
    const session = this.portal.session.getSnapshot();
    const { user } = session;
    for (const [name, running] of [...this.running]) {
      const entry = this.declared.get(name);
      if (!entry || checkAuth(entry.auth, session) !== 'allowed' || running.userId !== (user?.id ?? '')) this.stop(name);
    }
    // Not while the session is being restored, even for a remote open to everyone: it may turn
    // out to be one that awaits its second factor.
    if (session.status === 'loading') return;
    for (const [name, entry] of this.declared) {
      if (this.running.has(name) || checkAuth(entry.auth, session) !== 'allowed') continue;
      // Only the run that is current sets the badge: what a stopped one reads late (the previous
      // person's count) never reaches the navigation.
      const run: Running = { userId: user?.id ?? '', stop: Promise.resolve(null) };
      run.stop = this.start(name, entry.background!, (badge) => {
        if (this.running.get(name) === run) this.portal.navBadges.set(name, badge);
      });
      this.running.set(name, run);
    }
  }

  private async start(name: string, background: string, setNavBadge: (badge: NavBadge | null) => void): Promise<(() => void | Promise<void>) | null> {
    try {
      const module = await this.load(name, background.replace(/^\.\//, ''));
      if (typeof module.start !== 'function') throw new Error(`${background} exports no start function.`);
      return module.start({ name, setNavBadge });
    } catch (error) {
      // The remote's own route still loads (and shows its error card if it fails the same way).
      const step = isPortalError(error) ? (error.details.step ?? 'load') : 'start';
      console.error(`The background of "${name}" failed (${step}): ${describeError(error)}`);
      return null;
    }
  }

  private stop(name: string): void {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    // Its badge goes with it at once: it counted for the session that ended, and stopping (channels
    // released on the server) takes a round trip, in which the next person may already be here.
    this.portal.navBadges.set(name, null);
    void running.stop.then(async (stop) => {
      try {
        await stop?.();
      } catch (error) {
        console.error(`The background of "${name}" failed to stop: ${describeError(error)}`);
      }
    });
  }
}
