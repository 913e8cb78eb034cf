// Which registry entry and which release each remote runs in this page, and registering that
// release (or a developer's override of it) with the Module Federation runtime. The other
// lifecycle modules read the remotes from here; none keeps a copy.
import type { RegistryEntry, Release } from '@portal/platform/registry';
import { chooseRelease } from '@portal/platform/registry-core';
import { registerFederatedRemote } from '../federation/federation.js';
import type { ChosenRelease } from './lifecycle-hooks.js';

export class RemoteReleases {
  /** The compatible remotes the page registered: name → registry entry. */
  readonly entries = new Map<string, RegistryEntry>();
  /** The release each remote was given in this browser (stable or canary). */
  private readonly releases = new Map<string, ChosenRelease>();
  /** This browser's place in canary roll-outs (canary-bucket.ts). */
  bucket = 0;
  /** Developer overrides: remote name → manifest URL on a local dev server. */
  private overrides: ReadonlyMap<string, string> = new Map();

  /** Points remotes at a developer's local dev servers (name → manifest URL); set before registering. */
  setOverrides(overrides: ReadonlyMap<string, string>): void {
    this.overrides = overrides;
  }

  overrideOf(name: string): string | undefined {
    return this.overrides.get(name);
  }

  isOverridden(name: string): boolean {
    return this.overrides.has(name);
  }

  /** The release this page runs of a remote (undefined when it is blocked or unknown). */
  releaseOf(name: string): ChosenRelease | undefined {
    return this.releases.get(name);
  }

  /** The release of `entry` for this browser. */
  choose(entry: RegistryEntry): ChosenRelease {
    return chooseRelease(entry, this.bucket);
  }

  /** From now on the page runs `release` of `entry` for `name` (not yet registered with the runtime: `federate`). */
  take(name: string, entry: RegistryEntry, release: ChosenRelease): void {
    this.entries.set(name, entry);
    this.releases.set(name, release);
  }

  /** Gives `name` a release without making it one of the page's registered remotes (the remote the page opened on, before the registry is applied). */
  takeRelease(name: string, release: ChosenRelease): void {
    this.releases.set(name, release);
  }

  /**
   * Registers the release with the federation runtime, or the developer's override of it (no
   * integrity: a dev server's build; its files only from config.json's devOrigins). `force`
   * forgets what the runtime kept of it (a failed load, a cached manifest and entry).
   */
  federate(name: string, release: Release, options: { force?: boolean } = {}): void {
    const override = this.overrides.get(name);
    registerFederatedRemote(
      override
        ? { name, manifestUrl: override, integrity: null }
        : { name, manifestUrl: release.manifest, integrity: release.integrity, ...(release.files ? { files: release.files } : {}) },
      options,
    );
  }

  /** `federate` with `force`, with the release the page knows of `name` (none: nothing to do). */
  federateAfresh(name: string): void {
    const release = this.releases.get(name);
    if (release) this.federate(name, release, { force: true });
  }
}
