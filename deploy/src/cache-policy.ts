/** Documents that name what is live: always revalidated, so a registry swap shows at once. */
const ALWAYS_FRESH = new Set(['index.html', 'registry.json', 'config.json', 'mf-manifest.json', 'remote.json', 'environment.json', 'portal-shell.json']);
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/;

export type CachePolicy = 'immutable' | 'revalidate';

/**
 * `immutable` for content-hashed files and for anything inside a versioned release folder
 * (`/<version>/…`, which is never rewritten); `revalidate` (no-cache) for the live documents.
 */
export function cachePolicyFor(urlPath: string, { versionedFolders = false } = {}): CachePolicy {
  const name = urlPath.split('/').pop() ?? '';
  if (ALWAYS_FRESH.has(name)) return 'revalidate';
  if (CONTENT_HASHED.test(name)) return 'immutable';
  if (versionedFolders && /^\/[^/]*\d+\.\d+\.\d+[^/]*\/.+/.test(decodeURIComponent(urlPath))) return 'immutable';
  return 'revalidate';
}

export const CACHE_CONTROL: Record<CachePolicy, string> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
};
