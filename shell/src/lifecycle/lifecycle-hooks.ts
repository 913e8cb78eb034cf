// The named hooks a remote's lifecycle goes through (registered, loading, mounted, failed…), which
// the remotes' statuses, the release updates and the backgrounds subscribe to instead of being
// called by the lifecycle. Like module-federation runtime-core's `SyncHook`, each hook is a typed
// list of listeners run in order; unlike it, a listener that throws is reported and skipped, so a
// subscriber can never break a remote's load or mount.
import type { RegistryEntry, Release } from '@portal/platform/registry';

/** One named point of the lifecycle: `on` subscribes (and returns the unsubscribe), `emit` runs the listeners in order. */
export interface LifecycleHook<Payload> {
  on(listener: (payload: Payload) => void): () => void;
  emit(payload: Payload): void;
}

/** A release as chosen for this browser: the stable one, or the canary when its bucket falls in the roll-out. */
export type ChosenRelease = Release & { canary: boolean };

/** A remote of the registry as the page registered it. */
export interface RegisteredRemote {
  name: string;
  entry: RegistryEntry;
  /** The release this browser runs (stable or canary). */
  release: ChosenRelease;
  /** The manifest URL of a developer's override, when one replaces the release. */
  override: string | undefined;
  /** Whether this portal's contract meets the release's range (false: blocked, never loaded). */
  compatible: boolean;
}

/** A failure of one step, in the words the error card and the status page show. */
export interface RemoteFailure {
  name: string;
  step: string;
  code: string;
  message: string;
}

/** The lifecycle's hooks, in the order a remote usually goes through them. */
export interface LifecycleHooks {
  /** The registry's remotes, registered when the page read it (every one, blocked ones too). */
  registered: LifecycleHook<{ remotes: readonly RegisteredRemote[] }>;
  /** A remote the registry gained while the page runs. */
  added: LifecycleHook<{ remote: RegisteredRemote }>;
  /** Its code asked for ahead of a likely navigation (its link hovered or focused). */
  preloading: LifecycleHook<{ name: string }>;
  preloaded: LifecycleHook<{ name: string }>;
  /** A failed preload: not a failure yet, the real load reports it if it happens again. */
  preloadFailed: LifecycleHook<{ name: string }>;
  /** single-spa asked for the remote's `./app`. */
  loading: LifecycleHook<{ name: string }>;
  /** Its lifecycles are here, `loadMs` after they were asked for. */
  loaded: LifecycleHook<{ name: string; loadMs: number }>;
  bootstrapped: LifecycleHook<{ name: string }>;
  /** On screen, running `version`. */
  mounted: LifecycleHook<{ name: string; version: string }>;
  unmounted: LifecycleHook<{ name: string }>;
  /** A step failed (load, bootstrap, mount, unmount, single-spa's own): the error card shows it. */
  failed: LifecycleHook<RemoteFailure>;
  /** "Try again": the registry read again may have given it another release. */
  refreshed: LifecycleHook<{ name: string; release: ChosenRelease }>;
  /** "Try again": registered afresh, its next mount starts over. */
  retrying: LifecycleHook<{ name: string }>;
  /** A remote off screen moved to the registry's new entry: its next mount loads `release`. */
  switched: LifecycleHook<{ name: string; entry: RegistryEntry; release: ChosenRelease }>;
  /** single-spa finished a route change: what had to mount and unmount has. */
  routed: LifecycleHook<void>;
}

/** A hook whose listeners run in the order they subscribed; one that throws is logged and the next still runs. */
export function createLifecycleHook<Payload>(name: string): LifecycleHook<Payload> {
  const listeners = new Set<(payload: Payload) => void>();
  return {
    on(listener) {
      // Wrapped, so that one function subscribed twice runs twice and unsubscribes once.
      const subscription = (payload: Payload) => listener(payload);
      listeners.add(subscription);
      return () => listeners.delete(subscription);
    },
    emit(payload) {
      for (const listener of [...listeners]) {
        try {
          listener(payload);
        } catch (error) {
          console.error(`A subscriber to the remote lifecycle's "${name}" failed:`, error);
        }
      }
    },
  };
}

/** A fresh set of every hook of the lifecycle. */
export function createLifecycleHooks(): LifecycleHooks {
  return {
    registered: createLifecycleHook('registered'),
    added: createLifecycleHook('added'),
    preloading: createLifecycleHook('preloading'),
    preloaded: createLifecycleHook('preloaded'),
    preloadFailed: createLifecycleHook('preloadFailed'),
    loading: createLifecycleHook('loading'),
    loaded: createLifecycleHook('loaded'),
    bootstrapped: createLifecycleHook('bootstrapped'),
    mounted: createLifecycleHook('mounted'),
    unmounted: createLifecycleHook('unmounted'),
    failed: createLifecycleHook('failed'),
    refreshed: createLifecycleHook('refreshed'),
    retrying: createLifecycleHook('retrying'),
    switched: createLifecycleHook('switched'),
    routed: createLifecycleHook('routed'),
  };
}
