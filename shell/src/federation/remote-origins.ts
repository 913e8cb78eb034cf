// The environment's origin allow-list (config.json `allowedOrigins`): every URL a release would
// load from — its manifest, its entry, its chunks — must lie on a listed origin. Read from the
// manifest the registry vouches for, so a release cannot reach outside by pointing its public
// path, entry or file list elsewhere.
import { PortalError, PortalErrorCode } from '@portal/platform';
import { FILE_INTEGRITY_FIELD } from '@portal/platform/registry-core';

/** The parts of an mf-manifest.json that say where the runtime fetches files from. */
export interface ManifestLocations {
  globalName?: string;
  /** Absent when the manifest computes its public path with code (`getPublicPath`). */
  publicPath?: string;
  remoteEntry: { name: string; path: string };
  exposes: Array<{ path?: string; sync: string[]; async: string[] }>;
  /** The files deploy listed hashes for (`portalFileIntegrity`), by path inside the release. */
  hashedFiles: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const strings = (value: unknown): string[] | null => (value === undefined ? [] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null);

/** Reads where a manifest's files are; null when it is not a Module Federation manifest. */
export function readManifestLocations(manifest: unknown): ManifestLocations | null {
  if (!isObject(manifest) || !isObject(manifest.metaData)) return null;
  const { globalName, publicPath, remoteEntry } = manifest.metaData;
  if (!optionalString(publicPath)) return null;
  if (!isObject(remoteEntry) || typeof remoteEntry.name !== 'string' || !optionalString(remoteEntry.path)) return null;
  const exposes: ManifestLocations['exposes'] = [];
  const listed = manifest.exposes ?? [];
  if (!Array.isArray(listed)) return null;
  for (const expose of listed as unknown[]) {
    if (!isObject(expose) || !optionalString(expose.path)) return null;
    const { assets } = expose;
    if (assets !== undefined && !isObject(assets)) return null;
    const js = assets?.js;
    if (js !== undefined && !isObject(js)) return null;
    const sync = strings(js?.sync);
    const async = strings(js?.async);
    if (!sync || !async) return null;
    exposes.push({ ...(expose.path === undefined ? {} : { path: expose.path }), sync, async });
  }
  const hashes = manifest[FILE_INTEGRITY_FIELD];
  if (hashes !== undefined && !(isObject(hashes) && Object.values(hashes).every((hash) => typeof hash === 'string'))) return null;
  return {
    ...(typeof globalName === 'string' ? { globalName } : {}),
    ...(publicPath === undefined ? {} : { publicPath }),
    remoteEntry: { name: remoteEntry.name, path: remoteEntry.path ?? '' },
    exposes,
    hashedFiles: Object.keys(hashes ?? {}),
  };
}

/** The runtime's `simpleJoinRemoteEntry` (@module-federation/sdk): how it joins an entry's path and name. */
export function joinEntryPath(entryPath: string, name: string): string {
  let folder = entryPath === '.' ? '' : entryPath.startsWith('./') ? entryPath.slice(2) : entryPath.startsWith('/') ? entryPath.slice(1).replace(/\/$/, '') : entryPath;
  if (folder && !folder.endsWith('/')) folder += '/';
  return `${folder}${name}`;
}

/**
 * Every URL a release would load, computed from its manifest as the federation runtime does: the
 * public path (the manifest's own folder for `auto`) and each file's path are joined as strings,
 * not resolved, so `https://cdn.example` + `@evil.example/x.js` would be a URL on evil.example.
 * Relative results are relative to the page, as the script elements made from them are.
 */
export function releaseUrls(manifest: unknown, manifestUrl: string, remote: string, pageUrl: string = (globalThis as { location?: Location }).location?.href ?? manifestUrl): string[] {
  const parsed = readManifestLocations(manifest);
  if (!parsed) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The manifest of "${remote}" (${manifestUrl}) is not a Module Federation manifest.`, {
      remote,
      step: 'check origins',
    });
  }
  const { publicPath: named, remoteEntry, exposes, hashedFiles } = parsed;
  if (named === undefined) {
    // A public path computed by code at run time (getPublicPath) cannot be checked before it runs.
    throw new PortalError(
      PortalErrorCode.OriginNotAllowed,
      `The manifest of "${remote}" (${manifestUrl}) gives no public path (it computes one with code), so where its files come from cannot be checked against the allowed origins.`,
      { remote, step: 'check origins' },
    );
  }
  const publicPath = named === 'auto' || named === '' ? manifestUrl.replace(/#.*$/, '').replace(/\?.*$/, '').replace(/\/[^/]+$/, '/') : named;
  const at = (file: string) => new URL(`${publicPath}${file}`, pageUrl).href;
  const files = exposes.flatMap((expose) => [...expose.sync, ...expose.async]);
  return [
    manifestUrl,
    at(''),
    at(joinEntryPath(remoteEntry.path, remoteEntry.name)),
    ...files.map(at),
    ...hashedFiles.map((file) => new URL(file, manifestUrl).href),
  ];
}

/** Refuses (OriginNotAllowed) the first URL outside the allowed origins; `null` allows any origin. */
export function assertAllowedOrigins(urls: readonly string[], allowed: ReadonlySet<string> | null, remote: string, listName = 'allowed origins'): void {
  if (!allowed) return;
  for (const url of urls) {
    const { origin } = new URL(url);
    if (!allowed.has(origin)) {
      throw new PortalError(
        PortalErrorCode.OriginNotAllowed,
        `"${remote}" would load ${url}, and ${origin} is not one of this environment's ${listName} (${[...allowed].join(', ') || 'none'}).`,
        { remote, step: 'check origins' },
      );
    }
  }
}
