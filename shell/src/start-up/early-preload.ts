// What the page's first script asks for on a remote's route once config.json and the registry have
// answered: the entry and first scripts of the release the page opened on, as the registry lists
// them with their hashes, and the shell's design-system groups they consume: the files, and the
// rules, of federation.ts' `fetchAhead`. Asked for here, they are on their way while the main script
// (165 KB) downloads and compiles, where the main script would ask for them only once it has run,
// about 100 ms later on a first visit. A preload only fetches: the main script still decides
// whether anything runs (the contract, which this script does not check, and the sign-in gate), and
// a release it refuses was fetched for nothing. Not for a developer's override, a release without
// `files`, or files outside the environment's allowed origins.
import type { RegistryEntry } from '@portal/platform/registry';
import { chooseRelease } from '@portal/platform/registry-core';
import { canaryBucket } from '../registry/canary-bucket.js';
import { isOrigin, OVERRIDES_STORAGE_KEY } from './early-requests.js';
import { groupChunkName, readLazyChunkFiles, type LazyChunkFiles } from './lazy-chunks.js';
import { isShellPath, routeMatches } from '../lifecycle/routes.js';
import { preloadScript } from './script-preload.js';

export interface OpenedPage {
  /** Where the shell's own files are (its chunks' paths are relative to it). */
  origin: string;
  pathname: string;
  search: string;
  /** This browser's place in canary roll-outs (canary-bucket.ts). */
  bucket: () => number;
  /** Whether a developer's override is stored in this browser (its remotes load from elsewhere). */
  overridden: boolean;
  /** Whether this browser may hold a session (stored-session.ts): without one, a signed-in route's release is not asked for. */
  mayHoldSession: boolean;
}

/** The origins config.json allows releases from: 'any' when it names none, null when it is not usable. */
function allowedOrigins(config: unknown): readonly string[] | 'any' | null {
  if (config === null) return 'any';
  if (typeof config !== 'object' || !('allowedOrigins' in config)) return 'any';
  const listed = config.allowedOrigins;
  // The rule runtime-config.ts applies: a list the main script refuses allows nothing here.
  if (!Array.isArray(listed) || !listed.every((origin) => typeof origin === 'string' && isOrigin(origin))) return null;
  return listed.map((origin: string) => new URL(origin).origin);
}

/** A script to ask for ahead: a release's with the registry's hash, or the shell's own (no hash). */
export interface ScriptAhead {
  href: string;
  integrity?: string;
}

/**
 * The scripts of the opened release to ask for ahead on `page`: its own with their hashes, then the
 * shell's design-system groups it consumes (their files in `chunks`). None on the shell's own
 * pages, with an override, for a config.json the main script will refuse or a registry not shaped
 * as one, for a route that needs a session in a browser that holds none, or for a release whose
 * files are not all where the environment allows. Throws on what cannot be a URL.
 */
export function openedReleaseScripts(page: OpenedPage, config: unknown, registry: unknown, registryUrl: string, chunks: LazyChunkFiles = {}): ScriptAhead[] {
  // A link's `?override=` changes nothing that loads (dev-overrides.ts): only a stored override does.
  if (isShellPath(page.pathname) || page.overridden) return [];
  const allowed = allowedOrigins(config);
  const remotes = typeof registry === 'object' && registry !== null && 'remotes' in registry ? registry.remotes : null;
  if (allowed === null || typeof remotes !== 'object' || remotes === null) return [];
  // The registry is checked by the main script; what this reads of it is checked as it is read.
  const entry = Object.values(remotes as Record<string, Partial<RegistryEntry> | null>).find((candidate) => typeof candidate?.route === 'string' && routeMatches(candidate.route, page.pathname));
  // A route only signed-in people may open shows the sign-in gate to a visitor without a session.
  if (entry && entry.auth !== 'none' && !page.mayHoldSession) return [];
  const release = entry && chooseRelease(entry as RegistryEntry, page.bucket());
  const files = release?.files;
  if (!release || typeof release.manifest !== 'string' || !files || typeof files.entry !== 'string' || !Array.isArray(files.app) || typeof files.integrity !== 'object') return [];
  const manifest = new URL(release.manifest, registryUrl);
  const scripts = [files.entry, ...files.app].map((file) => ({ href: new URL(file, manifest).href, integrity: typeof files.integrity[file] === 'string' ? files.integrity[file] : '' }));
  if (allowed !== 'any' && !scripts.every(({ href }) => allowed.includes(new URL(href).origin))) return [];
  const shared = Array.isArray(files.shared) ? files.shared.filter((key): key is string => typeof key === 'string') : [];
  const groups = new Set(shared.flatMap((key) => chunks[groupChunkName(key)] ?? []));
  return [...scripts.filter(({ integrity }) => integrity !== ''), ...[...groups].map((file) => ({ href: new URL(file, page.origin).href }))];
}

/**
 * Asks for the opened release's first scripts and groups (`openedReleaseScripts`) on this page.
 * `beforeRelease` runs first when there is a release to ask for (the shell's scripts that run it).
 */
export function preloadOpenedRelease(config: unknown, registry: unknown, registryUrl: string, mayHoldSession: boolean, beforeRelease: () => void = () => {}): void {
  const page: OpenedPage = {
    origin: location.origin,
    pathname: location.pathname,
    search: location.search,
    bucket: () => canaryBucket(),
    overridden: localStorage.getItem(OVERRIDES_STORAGE_KEY) !== null,
    mayHoldSession,
  };
  const scripts = openedReleaseScripts(page, config, registry, registryUrl, readLazyChunkFiles(document));
  if (scripts.length > 0) beforeRelease();
  for (const { href, integrity } of scripts) preloadScript(href, integrity);
}
