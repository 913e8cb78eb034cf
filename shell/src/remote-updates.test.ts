import type { Registry, RegistryEntry } from '@portal/platform/registry';
import { changedReleases } from './remote-updates.js';

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
