import { cachePolicyFor } from './cache-policy.js';

describe('cache policy', () => {
  it('never lets the live documents go stale', () => {
    for (const file of ['/registry.json', '/config.json', '/index.html', '/1.0.0+3f2a9c1d/mf-manifest.json']) {
      expect(cachePolicyFor(file, { versionedFolders: true })).toBe('revalidate');
    }
  });

  it('caches content-hashed files and release folders forever', () => {
    expect(cachePolicyFor('/main.02b41246.js')).toBe('immutable');
    expect(cachePolicyFor('/main.02b41246.js.map')).toBe('immutable');
    expect(cachePolicyFor('/1.0.0%2B3f2a9c1d/remoteEntry.js', { versionedFolders: true })).toBe('immutable');
  });

  it('revalidates unhashed files outside release folders', () => {
    expect(cachePolicyFor('/remoteEntry.js')).toBe('revalidate');
    expect(cachePolicyFor('/1.0.0/remoteEntry.js')).toBe('revalidate');
  });
});
