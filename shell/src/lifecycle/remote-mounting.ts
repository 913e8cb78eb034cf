// The bootstrap, mount and unmount steps: a remote's lifecycles wrapped so that each runs within
// the step limit in the remote's own slot of the outlet, tells the `bootstrapped`, `mounted` and
// `unmounted` hooks, and a failure the `failed` hook. The props single-spa passes are the parcel
// contract's (`RemoteLifecycleProps`): the slot as `domElement`, and `reportError` for a failure
// the remote catches itself.
import type { RemoteLifecycleProps, RemoteLifecycles } from '@portal/platform';
import type { LifecycleHooks } from './lifecycle-hooks.js';
import type { RemoteFailures } from './remote-failures.js';

export class RemoteMounting {
  constructor(
    private readonly hooks: LifecycleHooks,
    private readonly failures: RemoteFailures,
    /** The element the remotes' slots live in (throws while the chrome has not rendered it). */
    private readonly outlet: () => HTMLElement,
    /** The version `name` runs, for the `mounted` hook. */
    private readonly versionOf: (name: string) => string,
  ) {}

  /** `lifecycles` as single-spa runs them: limited, recorded, and shown in the slot on mount. */
  wrap(name: string, lifecycles: RemoteLifecycles): RemoteLifecycles {
    const { hooks, failures } = this;
    return {
      meta: lifecycles.meta,
      bootstrap: async (props) => {
        await failures.step(name, 'bootstrap', () => failures.limited(name, 'bootstrap', lifecycles.bootstrap(props)));
        hooks.bootstrapped.emit({ name });
      },
      mount: async (props: RemoteLifecycleProps) => {
        // A person switch hid it (remote-router.ts): it shows again for the new person.
        if (props.domElement) props.domElement.hidden = false;
        await failures.step(name, 'mount', () => failures.limited(name, 'mount', lifecycles.mount(props)));
        hooks.mounted.emit({ name, version: this.versionOf(name) });
      },
      unmount: async (props: RemoteLifecycleProps) => {
        await failures.step(name, 'unmount', () => lifecycles.unmount(props));
        hooks.unmounted.emit({ name });
      },
    };
  }

  /** The props single-spa gives `name`'s lifecycles: its slot, and where to report a failure it caught. */
  props(name: string, title: string): Pick<RemoteLifecycleProps, 'domElement' | 'reportError'> {
    return {
      domElement: this.slot(name, title),
      reportError: (error: unknown, step: string) => this.failures.fail(name, step, error),
    };
  }

  /** Empties `name`'s slot: what a mount that failed or never finished left must not show beside the next. */
  clear(name: string): void {
    this.outlet()
      .querySelector(`[data-remote-slot="${CSS.escape(name)}"]`)
      ?.replaceChildren();
  }

  /** The remotes' slots (none while the outlet is not rendered yet). */
  slots(): HTMLElement[] {
    let outlet: HTMLElement;
    try {
      outlet = this.outlet();
    } catch {
      return [];
    }
    return [...outlet.querySelectorAll<HTMLElement>('[data-remote-slot]')];
  }

  /** `name`'s slot in the outlet, made on its first mount. */
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
}
