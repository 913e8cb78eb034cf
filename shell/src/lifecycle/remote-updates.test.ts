import { createExternalStore, type Portal, type RemoteStatus } from '@portal/platform';
import type { Registry, RegistryEntry } from '@portal/platform/registry';
import { createLifecycleHooks } from './lifecycle-hooks.js';
import { changedReleases, RemoteUpdates, updateNotices, type ReleaseSwitching } from './remote-updates.js';

const entry = (version: string, canary?: string): RegistryEntry => ({
  title: 'Data',
  route: '/data',
  contract: '^1.0.0',
  auth: 'aal1',
  version,
  manifest: `http://127.0.0.1:3002/${version}/mf-manifest.json`,
  integrity: 'sha384-x',
  ...(canary ? { canary: { version: canary, manifest: `http://127.0.0.1:3002/${canary}/mf-manifest.json`, integrity: 'sha384-y', percentage: 10 } } : {}),
});
const registry = (remotes: Record<string, RegistryEntry>): Registry => ({ schemaVersion: 1, environment: 'test', updatedAt: '2026-01-01T00:00:00.000Z', remotes });

describe('which remotes changed release for this browser', () => {
  const running = new Map([
    ['data', { manifest: entry('1.0.0').manifest }],
    ['files', { manifest: 'http://127.0.0.1:3003/1.0.0/mf-manifest.json' }],
  ]);
  const current = (name: string) => running.get(name);

  it('names a remote whose live release moved, not one that stayed or is new to the page', () => {
    const next = registry({ data: entry('1.1.0'), files: { ...entry('1.0.0'), manifest: 'http://127.0.0.1:3003/1.0.0/mf-manifest.json' }, live: entry('2.0.0') });
    expect(changedReleases(next, 50, current)).toEqual(['data']);
  });

  it('follows this browser’s canary bucket: a canary it is outside of changes nothing for it', () => {
    expect(changedReleases(registry({ data: entry('1.0.0', '1.1.0') }), 50, current)).toEqual([]);
    expect(changedReleases(registry({ data: entry('1.0.0', '1.1.0') }), 5, current)).toEqual(['data']);
  });
});

describe('switching a remote that is off screen to its new release', () => {
  it('takes two registry reads in quick succession one switch at a time, ending on the newest', async () => {
    const log: string[] = [];
    let running = entry('1.0.0').manifest;
    const gates: Array<() => void> = [];
    const applications = {
      hooks: createLifecycleHooks(),
      releaseOf: (name: string) => (name === 'data' ? { manifest: running } : undefined),
      isOverridden: () => false,
      isBusy: () => false,
      add: () => undefined,
      // As the shell's: the page runs the new release from the start, then waits for single-spa.
      switchRelease: async (name: string, next: RegistryEntry) => {
        log.push(`start ${name} ${next.version}`);
        running = next.manifest;
        await new Promise<void>((resolve) => gates.push(resolve));
        log.push(`end ${name} ${next.version}`);
      },
    } as unknown as ReleaseSwitching;
    const remotes = createExternalStore<RemoteStatus[]>([]);
    const portal = { remotes } as unknown as Portal;
    const updates = new RemoteUpdates(portal, applications, 50);

    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    updates.receive(registry({ data: entry('1.1.0') }));
    await tick();
    expect(log).toEqual(['start data 1.1.0']);
    // The next read arrives while single-spa is still unregistering the first switch's copy.
    updates.receive(registry({ data: entry('1.2.0') }));
    await tick();
    expect(log).toEqual(['start data 1.1.0']);
    gates.shift()!();
    await tick();
    expect(log).toEqual(['start data 1.1.0', 'end data 1.1.0', 'start data 1.2.0']);
    gates.shift()!();
    await tick();
    expect(log).toEqual(['start data 1.1.0', 'end data 1.1.0', 'start data 1.2.0', 'end data 1.2.0']);
    expect(running).toBe(entry('1.2.0').manifest);
  });

  it('switches a remote once it is off screen (routed) and drops its notice once the new release is on screen (mounted)', async () => {
    let running = entry('1.0.0').manifest;
    let busy = true;
    const switched: string[] = [];
    const hooks = createLifecycleHooks();
    const applications = {
      hooks,
      releaseOf: (name: string) => (name === 'data' ? { manifest: running } : undefined),
      isOverridden: () => false,
      isBusy: () => busy,
      add: () => undefined,
      switchRelease: async (name: string, next: RegistryEntry) => {
        switched.push(`${name} ${next.version}`);
        running = next.manifest;
      },
    } as unknown as ReleaseSwitching;
    const portal = { remotes: createExternalStore<RemoteStatus[]>([]) } as unknown as Portal;
    const updates = new RemoteUpdates(portal, applications, 50);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    updates.receive(registry({ data: entry('1.1.0') }));
    await tick();
    expect(switched).toEqual([]); // on screen: never under the person's hands
    expect(updateNotices.get()).toEqual([{ remote: 'data', title: 'Data', version: '1.1.0' }]);

    busy = false;
    hooks.routed.emit();
    await tick();
    expect(switched).toEqual(['data 1.1.0']);

    hooks.mounted.emit({ name: 'data', version: '1.0.0' }); // another mount of the old release
    expect(updateNotices.get()).toHaveLength(1);
    hooks.mounted.emit({ name: 'data', version: '1.1.0' });
    expect(updateNotices.get()).toEqual([]);
  });
});
