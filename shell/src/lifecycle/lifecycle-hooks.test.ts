import { createEventBus, createExternalStore, type Portal, type RemoteLifecycles, type RemoteStatus } from '@portal/platform';
import type { RegistryEntry } from '@portal/platform/registry';
import { createLifecycleHook, createLifecycleHooks, type LifecycleHooks } from './lifecycle-hooks.js';
import { RemoteFailures } from './remote-failures.js';
import { loadRemote } from './remote-loading.js';
import { RemoteMounting } from './remote-mounting.js';
import { recordRemoteStatuses } from './remote-statuses.js';

// The federation runtime is not needed: each test hands the load step the module it loaded ahead.
jest.mock('../federation/federation.js', () => ({ loadExposed: jest.fn() }));

const entry: RegistryEntry = {
  title: 'Data',
  route: '/data',
  contract: '^1.0.0',
  auth: 'aal1',
  version: '1.0.0',
  manifest: 'http://127.0.0.1:3002/1.0.0/mf-manifest.json',
  integrity: 'sha384-x',
};

/** Every hook's name with what it was told, in the order the hooks fired. */
function follow(hooks: LifecycleHooks): string[] {
  const seen: string[] = [];
  for (const [name, hook] of Object.entries(hooks) as [keyof LifecycleHooks, LifecycleHooks[keyof LifecycleHooks]][]) {
    (hook as { on(listener: (payload: unknown) => void): () => void }).on((payload) => {
      const remote = (payload as { name?: string } | undefined)?.name;
      seen.push(remote ? `${name} ${remote}` : name);
    });
  }
  return seen;
}

/** The steps of one remote as single-spa runs them: the load step, then the wrapped lifecycles. */
function setup(remote: Partial<RemoteLifecycles> = {}) {
  const hooks = createLifecycleHooks();
  const portal = { remotes: createExternalStore<RemoteStatus[]>([]), events: createEventBus(), contractVersion: '1.7.0' } as unknown as Portal;
  recordRemoteStatuses(portal, hooks);
  const failures = new RemoteFailures(hooks, () => 'Data');
  const mounting = new RemoteMounting(hooks, failures, () => ({}) as HTMLElement, () => '1.0.0');
  const ran: string[] = [];
  const module: RemoteLifecycles = {
    meta: {} as RemoteLifecycles['meta'],
    bootstrap: async () => void ran.push('bootstrap'),
    mount: async () => void ran.push('mount'),
    unmount: async () => void ran.push('unmount'),
    ...remote,
  };
  hooks.registered.emit({ remotes: [{ name: 'data', entry, release: { ...entry, canary: false }, override: undefined, compatible: true }] });
  const state = () => portal.remotes.get()[0]!.state;
  const app = async () => mounting.wrap('data', await loadRemote('data', { hooks, failures, openedAhead: Promise.resolve(module) }));
  const props = { name: 'data', domElement: { hidden: true } as HTMLElement };
  return { hooks, portal, app, props, ran, state };
}

describe('a lifecycle hook', () => {
  it('runs its listeners in the order they subscribed, until each unsubscribes', () => {
    const hook = createLifecycleHook<number>('counted');
    const seen: string[] = [];
    const stopFirst = hook.on((n) => seen.push(`first ${n}`));
    hook.on((n) => seen.push(`second ${n}`));
    hook.emit(1);
    stopFirst();
    hook.emit(2);
    expect(seen).toEqual(['first 1', 'second 1', 'second 2']);
  });

  it('reports a listener that throws and still runs the ones after it', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const hook = createLifecycleHook<string>('mounted');
    const seen: string[] = [];
    hook.on(() => {
      throw new Error('subscriber bug');
    });
    hook.on((name) => seen.push(name));
    expect(() => hook.emit('data')).not.toThrow();
    expect(seen).toEqual(['data']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"mounted"'), expect.objectContaining({ message: 'subscriber bug' }));
    error.mockRestore();
  });
});

describe('a remote going through its steps', () => {
  it('tells a subscriber each step in order, and the statuses follow', async () => {
    const { hooks, app, props, ran, state } = setup();
    const seen = follow(hooks);
    const states: string[] = [];
    hooks.mounted.on(() => states.push(state()));
    hooks.unmounted.on(() => states.push(state()));

    const lifecycles = await app();
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    await lifecycles.unmount(props);

    expect(seen).toEqual(['loading data', 'loaded data', 'bootstrapped data', 'mounted data', 'unmounted data']);
    expect(ran).toEqual(['bootstrap', 'mount', 'unmount']);
    // The statuses were written before the later subscribers heard of the step.
    expect(states).toEqual(['mounted', 'unmounted']);
    // The slot a person switch hid shows again.
    expect(props.domElement.hidden).toBe(false);
  });

  it('mounts even when a subscriber throws at every step', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { hooks, app, props, ran, state } = setup();
    for (const hook of Object.values(hooks) as { on(listener: () => void): () => void }[]) {
      hook.on(() => {
        throw new Error('subscriber bug');
      });
    }
    const seen = follow(hooks);

    const lifecycles = await app();
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);

    expect(ran).toEqual(['bootstrap', 'mount']);
    expect(state()).toBe('mounted');
    expect(seen).toEqual(['loading data', 'loaded data', 'bootstrapped data', 'mounted data']);
    expect(error).toHaveBeenCalledTimes(4);
    error.mockRestore();
  });

  it('tells the failed hook which step failed, and not that it mounted', async () => {
    const { hooks, portal, app, props, state } = setup({
      mount: async () => {
        throw new Error('the remote crashed');
      },
    });
    const seen = follow(hooks);
    const announced: unknown[] = [];
    portal.events.on('remote:failed', (event) => announced.push(event));

    const lifecycles = await app();
    await lifecycles.bootstrap(props);
    await expect(lifecycles.mount(props)).rejects.toThrow('the remote crashed');

    expect(seen).toEqual(['loading data', 'loaded data', 'bootstrapped data', 'failed data']);
    expect(state()).toBe('failed');
    expect(portal.remotes.get()[0]!.error).toMatchObject({ step: 'mount', message: expect.stringContaining('the remote crashed') });
    expect(announced).toEqual([{ remote: 'data', step: 'mount', message: expect.stringContaining('the remote crashed') }]);
  });

  it('refuses a module without lifecycles as a failed load', async () => {
    const hooks = createLifecycleHooks();
    const seen = follow(hooks);
    const failures = new RemoteFailures(hooks, () => 'Data');
    await expect(loadRemote('data', { hooks, failures, openedAhead: Promise.resolve({}) })).rejects.toThrow('without single-spa lifecycles');
    expect(seen).toEqual(['loading data', 'failed data']);
  });
});
