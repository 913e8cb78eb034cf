// The load step: a remote's `./app` from its entry (the load the page started ahead when it opened
// on the remote's route, or a new one), within the step limit, checked to be single-spa
// lifecycles. Tells the `loading` and `loaded` hooks; a failure is the `failed` hook's.
import { PortalError, PortalErrorCode, type RemoteLifecycles } from '@portal/platform';
import { loadExposed } from '../federation/federation.js';
import type { LifecycleHooks } from './lifecycle-hooks.js';
import type { RemoteFailures } from './remote-failures.js';

/** What a remote's `./app` exports: the lifecycles, by name or as its default export. */
export type LifecycleModule = Partial<RemoteLifecycles> & { default?: Partial<RemoteLifecycles> };

/** Loads `name`'s `./app` and answers its lifecycles; a failure is recorded, then rethrown. */
export async function loadRemote(
  name: string,
  { hooks, failures, openedAhead }: { hooks: LifecycleHooks; failures: RemoteFailures; openedAhead: Promise<LifecycleModule> | undefined },
): Promise<RemoteLifecycles> {
  const started = performance.now();
  hooks.loading.emit({ name });
  let lifecycles: RemoteLifecycles;
  try {
    const module = await failures.loadLimited(name, openedAhead ?? loadExposed<LifecycleModule>(name));
    lifecycles = asLifecycles(name, module);
  } catch (error) {
    failures.fail(name, 'load', error);
    throw error;
  }
  hooks.loaded.emit({ name, loadMs: Math.round(performance.now() - started) });
  return lifecycles;
}

/** The module's lifecycles, `bootstrap` optional; a module without `mount` and `unmount` is refused in words. */
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
