// The shell's use of the Module Federation runtime: remotes are registered at run time from the
// registry (never at build time), each manifest is checked against the registry's integrity hash
// before the runtime uses it, every script the runtime then loads from that release carries the
// hash the manifest lists for it (Subresource Integrity: the browser refuses a changed file
// before running it), and loading happens on demand.
import { loadRemote, preloadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { PortalError, PortalErrorCode, isPortalError, provideRemoteModuleLoader } from '@portal/platform';
import { FILE_INTEGRITY_FIELD, isFileIntegrity } from '@portal/platform/registry-core';
import { matchesIntegrity } from './manifest-integrity.js';
import { assertAllowedOrigins, releaseUrls } from './remote-origins.js';

/** The environment's allowed origins (config.json `allowedOrigins`); null allows any. */
let allowedOrigins: ReadonlySet<string> | null = null;

/** Sets the origins registry releases may load from, before any remote is registered. */
export function restrictOrigins(origins: readonly string[] | undefined): void {
  allowedOrigins = origins ? new Set(origins) : null;
}

interface ExpectedManifest {
  remote: string;
  integrity: string;
}

/** Keyed by remote name and manifest URL: two registry entries may point at one manifest. */
const expected = new Map<string, ExpectedManifest>();
const keyOf = (remote: string, url: string) => `${remote} ${url}`;

interface ExpectedFile {
  remote: string;
  integrity: string;
}

/** The hash of each file of a verified release, by absolute URL without query. */
const fileIntegrity = new Map<string, ExpectedFile>();
/** Release folder (URL) → remote, for each verified manifest: every script from there must be listed. */
const verifiedFolders = new Map<string, string>();
const withoutQuery = (url: string) => {
  const parsed = new URL(url, document.baseURI);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
};

function parseManifest(bytes: ArrayBuffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Remembers the file hashes of a manifest whose own hash matched the registry. */
function rememberFileIntegrity(remote: string, manifestUrl: string, manifest: Record<string, unknown> | null): void {
  const hashes = manifest?.[FILE_INTEGRITY_FIELD];
  if (!isFileIntegrity(hashes)) {
    throw new PortalError(
      PortalErrorCode.ManifestIntegrity,
      `The manifest of "${remote}" (${manifestUrl}) lists no integrity hashes for its scripts, so its code cannot be checked; publish it again with portal-deploy.`,
      { remote, step: 'verify manifest' },
    );
  }
  verifiedFolders.set(withoutQuery(new URL('.', manifestUrl).href), remote);
  for (const [file, integrity] of Object.entries(hashes)) fileIntegrity.set(withoutQuery(new URL(file, manifestUrl).href), { remote, integrity });
}

/** The hash a file of a verified release must have; null for files of no verified release. */
function expectedFile(url: string): ExpectedFile | null {
  const key = withoutQuery(url);
  const known = fileIntegrity.get(key);
  if (known) return known;
  for (const [folder, remote] of verifiedFolders) {
    if (key.startsWith(folder)) {
      throw new PortalError(PortalErrorCode.ManifestIntegrity, `${key} has no integrity hash in the manifest of "${remote}"; it was added after publishing.`, {
        remote,
        step: 'verify manifest',
      });
    }
  }
  return null;
}

/** A script or preload link with the file's hash: the browser fetches it in CORS mode and refuses it unless it matches. */
function withIntegrity<E extends HTMLScriptElement | HTMLLinkElement>(element: E, expected: ExpectedFile, attrs: Record<string, unknown> = {}): E {
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'async' || name === 'defer') (element as HTMLScriptElement)[name] = Boolean(value);
    else element.setAttribute(name, String(value));
  }
  element.integrity = expected.integrity;
  element.crossOrigin = 'anonymous';
  return element;
}

/** The last refusal of each remote's manifest by the checks below, until a load reports it. */
const refusals = new Map<string, PortalError>();

/** The manifest at `url` if it passes the environment's origin list and the registry's integrity hash. */
async function checkedManifest(url: string, init: RequestInit | undefined, known: ExpectedManifest): Promise<Response> {
  // Refused before anything is fetched from a foreign origin.
  assertAllowedOrigins([url], allowedOrigins, known.remote);
  const response = await fetch(url, { ...init, cache: 'no-cache' });
  if (!response.ok) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The manifest of "${known.remote}" (${url}) answered ${response.status} ${response.statusText}.`, {
      remote: known.remote,
      step: 'fetch manifest',
    });
  }
  const bytes = await response.arrayBuffer();
  if (!(await matchesIntegrity(bytes, known.integrity))) {
    throw new PortalError(
      PortalErrorCode.ManifestIntegrity,
      `The manifest of "${known.remote}" (${url}) does not match the integrity hash in the registry; it was changed after publishing.`,
      { remote: known.remote, step: 'verify manifest' },
    );
  }
  const manifest = parseManifest(bytes);
  if (allowedOrigins) assertAllowedOrigins(releaseUrls(manifest, url, known.remote), allowedOrigins, known.remote);
  rememberFileIntegrity(known.remote, url, manifest);
  return new Response(bytes, { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * Fetches each known manifest itself and refuses one whose bytes do not match the registry; then
 * gives each script of that release (remoteEntry.js, preloaded chunks) its listed hash. The chunks
 * a remote loads itself carry hashes built into its remoteEntry.js (rspack's SubresourceIntegrityPlugin).
 */
const manifestIntegrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'portal-manifest-integrity',
  fetch(url, init, remoteInfo) {
    const known = remoteInfo ? expected.get(keyOf(remoteInfo.name, url)) : undefined;
    if (!known) return undefined;
    return checkedManifest(url, init, known).catch((error: unknown) => {
      // The runtime wraps what a hook throws in its own error (RUNTIME-003); loadExposed gives the
      // shell this one back, with its code (integrity, origin) and its message.
      if (isPortalError(error)) refusals.set(known.remote, error);
      throw error;
    });
  },
  createScript({ url, attrs }) {
    const expected = expectedFile(url);
    if (!expected) return undefined;
    const script = withIntegrity(document.createElement('script'), expected, attrs);
    script.src = url;
    return script;
  },
  createLink({ url, attrs }) {
    const expected = expectedFile(url);
    if (!expected) return undefined;
    const link = withIntegrity(document.createElement('link'), expected, attrs);
    link.href = url;
    return link;
  },
};

let pluginsRegistered = false;
/** Each registered remote, so a failed load can be retried with a fresh registration. */
const known = new Map<string, FederatedRemote>();
/** Remotes whose last borrowed load failed: the runtime keeps the failure until re-registered. */
const failedBorrows = new Set<string>();

export interface FederatedRemote {
  name: string;
  manifestUrl: string;
  /** The manifest's hash from the registry; null for a developer's override (a local dev server, unchecked). */
  integrity: string | null;
}

/**
 * Forgets the chunks an earlier release of a remote pushed into its chunk-loading global
 * (`rspackChunk<container name>`, rspack's default for `output.uniqueName`): a new release's
 * runtime would otherwise take them as loaded — chunk ids are deterministic, so the same ids
 * name new code — and run the old modules.
 */
function forgetLoadedChunks(name: string): void {
  delete (globalThis as Record<string, unknown>)[`rspackChunk${name}`];
}

/**
 * Tells the runtime where a remote's manifest is. `force` drops what it cached (a retry, or a
 * new release once the old one is unmounted).
 */
export function registerFederatedRemote(remote: FederatedRemote, { force = false } = {}): void {
  if (!pluginsRegistered) {
    registerPlugins([manifestIntegrityPlugin]);
    // Remotes borrow each other's exposed modules (parcels) through this runtime, so every
    // such load is checked as the shell's own are.
    provideRemoteModuleLoader(loadBorrowed);
    pluginsRegistered = true;
  }
  const previous = known.get(remote.name);
  if (force && previous && previous.manifestUrl !== remote.manifestUrl) forgetLoadedChunks(remote.name);
  known.set(remote.name, remote);
  if (remote.integrity) expected.set(keyOf(remote.name, remote.manifestUrl), { remote: remote.name, integrity: remote.integrity });
  else expected.delete(keyOf(remote.name, remote.manifestUrl));
  registerRemotes([{ name: remote.name, entry: remote.manifestUrl }], { force });
}

/** Loads a remote's exposed module (`./app` by default). */
export async function loadExposed<T>(name: string, expose = 'app'): Promise<T> {
  refusals.delete(name);
  let module: T | null;
  try {
    module = await loadRemote<T>(`${name}/${expose}`);
  } catch (error) {
    const refusal = refusals.get(name);
    refusals.delete(name);
    throw refusal ?? error;
  }
  if (!module) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The remote "${name}" did not provide ./${expose}.`, { remote: name, step: 'load' });
  }
  return module;
}

/**
 * Loads a module one remote borrows from another (a parcel). After a failure (the other remote
 * was offline) the next attempt registers that remote afresh, as the retry of an application does.
 */
async function loadBorrowed<T>(name: string, expose: string): Promise<T> {
  const remote = known.get(name);
  if (!remote) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `No remote "${name}" is in the registry, so "${name}/${expose}" cannot be loaded.`, { remote: name, step: 'load' });
  }
  if (failedBorrows.delete(name)) registerFederatedRemote(remote, { force: true });
  try {
    return await loadExposed<T>(name, expose);
  } catch (error) {
    failedBorrows.add(name);
    throw error;
  }
}

/**
 * Loads and runs a remote's `./app` ahead of need (navigation intent), so that following the link
 * only mounts it. The runtime's preload asks for the entry and the module's files at once (one
 * round trip after the manifest instead of one per step); the load beside it runs them.
 */
export async function preloadExposed(name: string, expose = 'app'): Promise<void> {
  await Promise.all([preloadRemote([{ nameOrAlias: name, exposes: [`./${expose}`] }]), loadExposed(name, expose)]);
}
