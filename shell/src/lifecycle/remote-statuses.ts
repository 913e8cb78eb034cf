// The remotes' statuses (`portal.remotes`), which the navigation, the error card and the status
// page read: kept by subscribing to the lifecycle's hooks, never written by the steps themselves.
// A failure is also announced on the platform's event bus (`remote:failed`).
import { PortalErrorCode, type Portal, type RemoteStatus } from '@portal/platform';
import type { LifecycleHooks, RegisteredRemote } from './lifecycle-hooks.js';

/** The status a remote starts with when registered; a blocked one says which contract it needs. */
export function registeredStatus({ name, entry, release, override, compatible }: RegisteredRemote, contractVersion: string): RemoteStatus {
  return {
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
          message: `${entry.title} ${release.version} needs platform ${entry.contract}, and this portal provides ${contractVersion}.`,
        },
  };
}

/** The status of one remote, as the page shows it now. */
export function statusOf(portal: Portal, name: string): RemoteStatus | undefined {
  return portal.remotes.get().find((s) => s.name === name);
}

/** Keeps `portal.remotes` following the lifecycle. Subscribe it before anything else, so a step's status is written before the other subscribers run. */
export function recordRemoteStatuses(portal: Portal, hooks: LifecycleHooks): void {
  const patch = (name: string, change: Partial<RemoteStatus> | ((current: RemoteStatus) => Partial<RemoteStatus>)) =>
    portal.remotes.update((list) => list.map((s) => (s.name === name ? { ...s, ...(typeof change === 'function' ? change(s) : change) } : s)));

  hooks.registered.on(({ remotes }) => portal.remotes.set(remotes.map((remote) => registeredStatus(remote, portal.contractVersion))));
  hooks.added.on(({ remote }) => portal.remotes.update((list) => [...list, registeredStatus(remote, portal.contractVersion)]));
  hooks.preloading.on(({ name }) => patch(name, { state: 'preloading' }));
  // A preload that ends after the real load began leaves the state to it.
  hooks.preloaded.on(({ name }) => patch(name, (s) => (s.state === 'preloading' ? { state: 'preloaded' } : {})));
  hooks.preloadFailed.on(({ name }) => patch(name, (s) => (s.state === 'preloading' ? { state: 'registered' } : {})));
  hooks.loading.on(({ name }) => patch(name, { state: 'loading', error: null }));
  // The first load's time: a remount of code already here says nothing about the network.
  hooks.loaded.on(({ name, loadMs }) => patch(name, (s) => ({ loadMs: s.loadMs ?? loadMs })));
  // A remote that reported a failure while mounting (its own error boundary) stays failed.
  hooks.mounted.on(({ name }) => patch(name, (s) => (s.state === 'failed' ? {} : { state: 'mounted' })));
  hooks.unmounted.on(({ name }) => patch(name, (s) => (s.state === 'failed' ? {} : { state: 'unmounted' })));
  hooks.failed.on(({ name, step, code, message }) => {
    patch(name, { state: 'failed', error: { code, step, message } });
    portal.events.emit('remote:failed', { remote: name, step, message });
  });
  hooks.refreshed.on(({ name, release }) => patch(name, { version: release.version, manifestUrl: release.manifest, canary: release.canary }));
  hooks.retrying.on(({ name }) => patch(name, { state: 'registered', error: null }));
  hooks.switched.on(({ name, entry, release }) =>
    patch(name, {
      title: entry.title,
      route: entry.route,
      version: release.version,
      manifestUrl: release.manifest,
      canary: release.canary,
      state: 'registered',
      loadMs: null,
      error: null,
    }),
  );
}
