// New releases while the portal is open: a remote whose live release changed gets a quiet notice
// and switches on the person's next navigation to it, never under their hands. A remote that is
// not on screen switches at once (its next mount loads the new release); one that is on screen
// keeps running until single-spa has unmounted it. Follows the lifecycle through its hooks
// (`routed`, `mounted`: lifecycle-hooks.ts) and asks the root config for the switch itself.
import { createExternalStore, describeError, type Portal } from '@portal/platform';
import type { Registry, RegistryEntry } from '@portal/platform/registry';
import { chooseRelease } from '@portal/platform/registry-core';
import type { RemoteApplications } from './remote-applications.js';

/** What the updates need of the root config: its hooks, the releases the page runs, and the switch. */
export type ReleaseSwitching = Pick<RemoteApplications, 'hooks' | 'releaseOf' | 'isOverridden' | 'isBusy' | 'add' | 'switchRelease'>;

export interface UpdateNotice {
  remote: string;
  title: string;
  /** The release the person gets on their next visit. */
  version: string;
}

/** What the chrome shows: one notice per remote with a new release not yet on screen. */
export const updateNotices = createExternalStore<readonly UpdateNotice[]>([]);

/** Which remotes of `registry` now name another release for this browser than the page runs. */
export function changedReleases(registry: Registry, bucket: number, current: (name: string) => { manifest: string } | undefined): string[] {
  return Object.entries(registry.remotes)
    .filter(([name, entry]) => {
      const running = current(name);
      return running !== undefined && running.manifest !== chooseRelease(entry, bucket).manifest;
    })
    .map(([name]) => name);
}

export class RemoteUpdates {
  /** Remote → the registry entry it switches to once it is off screen. */
  private readonly pending = new Map<string, RegistryEntry>();

  constructor(
    private readonly portal: Portal,
    private readonly applications: ReleaseSwitching,
    private readonly bucket: number,
  ) {
    // After every route change: what single-spa unmounted may switch now.
    applications.hooks.routed.on(() => void this.switchIdle());
    // A notice goes once the person has the release it announced on screen.
    applications.hooks.mounted.on(({ name, version }) => {
      updateNotices.update((list) => (list.some((n) => n.remote === name && n.version === version) ? list.filter((n) => n.remote !== name || n.version !== version) : list));
    });
  }

  /** Takes a registry read while the page runs. */
  receive(registry: Registry): void {
    for (const [name, entry] of Object.entries(registry.remotes)) {
      if (!this.applications.releaseOf(name) && !this.portal.remotes.get().some((s) => s.name === name)) this.applications.add(name, entry);
    }
    for (const name of changedReleases(registry, this.bucket, (n) => this.applications.releaseOf(n))) {
      if (this.applications.isOverridden(name)) continue;
      const entry = registry.remotes[name]!;
      this.pending.set(name, entry);
      const version = chooseRelease(entry, this.bucket).version;
      updateNotices.update((list) => [...list.filter((n) => n.remote !== name), { remote: name, title: entry.title, version }]);
    }
    void this.switchIdle();
  }

  /** Dismisses a notice (the switch still happens on the next visit). */
  dismiss(remote: string): void {
    updateNotices.update((list) => list.filter((n) => n.remote !== remote));
  }

  /** The switches under way: one at a time, so a remote is never unregistered and registered twice at once. */
  private switching: Promise<void> = Promise.resolve();

  private switchIdle(): Promise<void> {
    // Two registry reads (or a read and a route change) in quick succession each start a pass;
    // run side by side, both switched the same remote, and the second registration of one name
    // was refused by single-spa. The second pass waits for the first and sees what is left.
    this.switching = this.switching.then(async () => {
      for (const [name, entry] of [...this.pending]) {
        if (this.applications.isBusy(name)) continue;
        this.pending.delete(name);
        try {
          await this.applications.switchRelease(name, entry);
        } catch (error) {
          console.error(`"${name}" could not be switched to its new release: ${describeError(error)}`);
        }
      }
    });
    return this.switching;
  }
}
