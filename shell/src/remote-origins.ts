// The environment's origin allow-list (config.json `allowedOrigins`): every URL a release would
// load from — its manifest, its entry, its chunks — must lie on a listed origin. Read from the
// manifest the registry vouches for, so a release cannot reach outside by pointing its public
// path, entry or file list elsewhere.
import { PortalError, PortalErrorCode } from '@portal/platform';
import { FILE_INTEGRITY_FIELD } from '@portal/platform/registry';
import { z } from 'zod/mini';

const assetsSchema = z.partial(z.object({ js: z.partial(z.object({ sync: z.array(z.string()), async: z.array(z.string()) })) }));

/** The parts of an mf-manifest.json that say where the runtime fetches files from. */
const manifestLocationsSchema = z.object({
  metaData: z.object({
    publicPath: z.optional(z.string()),
    getPublicPath: z.optional(z.string()),
    remoteEntry: z.object({ name: z.string(), path: z._default(z.string(), '') }),
  }),
  exposes: z._default(z.array(z.object({ assets: z.optional(assetsSchema) })), []),
  [FILE_INTEGRITY_FIELD]: z.optional(z.record(z.string(), z.string())),
});

/** The runtime's `simpleJoinRemoteEntry` (@module-federation/sdk): how it joins an entry's path and name. */
function joinEntryPath(entryPath: string, name: string): string {
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
  const parsed = manifestLocationsSchema.safeParse(manifest);
  if (!parsed.success) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The manifest of "${remote}" (${manifestUrl}) is not a Module Federation manifest.`, {
      remote,
      step: 'check origins',
    });
  }
  const { metaData, exposes } = parsed.data;
  if (metaData.publicPath === undefined) {
    // A public path computed by code at run time (getPublicPath) cannot be checked before it runs.
    throw new PortalError(
      PortalErrorCode.OriginNotAllowed,
      `The manifest of "${remote}" (${manifestUrl}) gives no public path (it computes one with code), so where its files come from cannot be checked against the allowed origins.`,
      { remote, step: 'check origins' },
    );
  }
  const publicPath = metaData.publicPath === 'auto' || metaData.publicPath === '' ? manifestUrl.replace(/#.*$/, '').replace(/\?.*$/, '').replace(/\/[^/]+$/, '/') : metaData.publicPath;
  const at = (file: string) => new URL(`${publicPath}${file}`, pageUrl).href;
  const files = exposes.flatMap((expose) => [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.js?.async ?? [])]);
  return [
    manifestUrl,
    at(''),
    at(joinEntryPath(metaData.remoteEntry.path, metaData.remoteEntry.name)),
    ...files.map(at),
    ...Object.keys(parsed.data[FILE_INTEGRITY_FIELD] ?? {}).map((file) => new URL(file, manifestUrl).href),
  ];
}

/** Refuses (OriginNotAllowed) the first URL outside the allowed origins; `null` allows any origin. */
export function assertAllowedOrigins(urls: readonly string[], allowed: ReadonlySet<string> | null, remote: string): void {
  if (!allowed) return;
  for (const url of urls) {
    const { origin } = new URL(url);
    if (!allowed.has(origin)) {
      throw new PortalError(
        PortalErrorCode.OriginNotAllowed,
        `"${remote}" would load ${url}, and ${origin} is not one of this environment's allowed origins (${[...allowed].join(', ') || 'none'}).`,
        { remote, step: 'check origins' },
      );
    }
  }
}
