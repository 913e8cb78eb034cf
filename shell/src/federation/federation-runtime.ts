// The shell's use of the Module Federation runtime, loaded with the first remote (federation.ts
// imports this module on demand): a page that runs no remote never downloads or runs it. Remotes
// are registered at run time from the registry (never at build time) and loaded on demand. The
// registry says where each release's entry and first scripts are, with their hashes (`files`,
// written by deploy from the manifest it publishes), so a first visit fetches the entry and the
// code of `./app` at once, with no manifest read before them; without `files` (a developer's
// override, an older registry) the shell reads the manifest, checked against the registry's hash,
// for the same facts. Every script from a verified release carries its hash (Subresource
// Integrity: the browser refuses a changed file before running it).
import { getInstance, init, loadRemote, loadShare, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { PortalError, PortalErrorCode, provideRemoteModuleLoader } from '@portal/platform';
import type { EXPOSE_SHARED_FIELD, ReleaseFiles } from '@portal/platform/registry';
import { FILE_INTEGRITY_FIELD, isFileIntegrity } from '@portal/platform/registry-core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import type { BUNDLER_RUNTIME_GLOBAL, ProvidedBundlerRuntime } from '@portal/platform/federation-bundler-runtime';
import { matchesIntegrity } from './manifest-integrity.js';
import { assertAllowedOrigins, joinEntryPath, readManifestLocations, releaseUrls } from './remote-origins.js';
import { sharedSingletons, SHELL_CONTAINER_NAME } from './shared-singletons.js';
import { taskPerStepPlugin } from './task-per-step.js';

// Every remote entry binds its chunk loading with the shell's bundler runtime (one copy per page).
// (Only the type is imported: the module itself is what remotes run in the package's place.)
const bundlerRuntimeGlobal: typeof BUNDLER_RUNTIME_GLOBAL = '__PORTAL_FEDERATION_BUNDLER_RUNTIME__';
// The shell's own copy leaves out what only a container that exposes modules runs; remotes need it.
(globalThis as Record<string, unknown>)[bundlerRuntimeGlobal] = { bundlerRuntime: { ...bundlerRuntime, initContainerEntry }, attachShareScopeMap } satisfies ProvidedBundlerRuntime;

/** The environment's allowed origins (config.json `allowedOrigins`); null allows any. */
let allowedOrigins: ReadonlySet<string> | null = null;

/** Sets the origins registry releases may load from, before any remote is registered. */
export function restrictOrigins(origins: readonly string[] | undefined): void {
  allowedOrigins = origins ? new Set(origins) : null;
}

/** The dev servers a developer's override may load from (config.json `devOrigins`); none by default. */
let devOrigins: ReadonlySet<string> = new Set();

/** Sets the dev servers overrides load from: the override's manifest and every file it names. */
export function restrictDevOrigins(origins: readonly string[]): void {
  devOrigins = new Set(origins);
}

interface ExpectedFile {
  remote: string;
  integrity: string;
}

/** The hash of each file of a verified release, by absolute URL without query. */
const fileIntegrity = new Map<string, ExpectedFile>();
/** Release folder (URL) → remote, for each verified release: every script from there must be listed. */
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
      throw new PortalError(PortalErrorCode.ManifestIntegrity, `${key} has no integrity hash in the registry or manifest of "${remote}"; it was added after publishing.`, {
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

export interface FederatedRemote {
  name: string;
  manifestUrl: string;
  /** The manifest's hash from the registry; null for a developer's override (a local dev server, unchecked). */
  integrity: string | null;
  /** Where the release's entry and first scripts are, from the registry; without it the manifest is read. */
  files?: ReleaseFiles;
}

/** Where a release's code is: its entry (a script defining `globalName`), the first scripts of `./app` and the shared modules they consume. */
interface ReleaseLocation {
  entryUrl: string;
  globalName: string;
  appUrls: string[];
  shared: string[];
}

/** The build's manifest field (the remote build preset, @portal/deploy/rspack) listing the shared modules each exposed module consumes. */
const exposeSharedField: typeof EXPOSE_SHARED_FIELD = 'portalExposeShared';

/** The location the registry gives: no manifest is fetched, and the registry's hashes stand for the manifest's. */
function locationFromRegistry(remote: FederatedRemote, files: ReleaseFiles): ReleaseLocation {
  const at = (file: string) => new URL(file, remote.manifestUrl).href;
  const location = { entryUrl: at(files.entry), globalName: files.globalName, appUrls: files.app.map(at), shared: files.shared ?? [] };
  assertAllowedOrigins([remote.manifestUrl, location.entryUrl, ...location.appUrls], allowedOrigins, remote.name);
  if (remote.integrity) {
    verifiedFolders.set(withoutQuery(at('.')), remote.name);
    for (const [file, integrity] of Object.entries(files.integrity)) fileIntegrity.set(withoutQuery(at(file)), { remote: remote.name, integrity });
  }
  return location;
}

/** The location read from the release's manifest, checked against the origin list and (when the registry gives one) its hash. */
async function locationFromManifest(remote: FederatedRemote): Promise<ReleaseLocation> {
  const url = remote.manifestUrl;
  // A developer's override (no integrity: a dev server's build changes with every save) loads only
  // from the environment's dev servers, its manifest and every file that manifest names: a manifest
  // whose public path pointed elsewhere would otherwise run anyone's script.
  const origins = remote.integrity ? allowedOrigins : devOrigins;
  const listName = remote.integrity ? 'allowed origins' : 'dev servers (devOrigins)';
  // Refused before anything is fetched from a foreign origin.
  assertAllowedOrigins([url], origins, remote.name, listName);
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The manifest of "${remote.name}" (${url}) answered ${response.status} ${response.statusText}.`, {
      remote: remote.name,
      step: 'fetch manifest',
    });
  }
  const bytes = await response.arrayBuffer();
  if (remote.integrity && !(await matchesIntegrity(bytes, remote.integrity))) {
    throw new PortalError(
      PortalErrorCode.ManifestIntegrity,
      `The manifest of "${remote.name}" (${url}) does not match the integrity hash in the registry; it was changed after publishing.`,
      { remote: remote.name, step: 'verify manifest' },
    );
  }
  const manifest = parseManifest(bytes);
  if (origins) assertAllowedOrigins(releaseUrls(manifest, url, remote.name), origins, remote.name, listName);
  if (remote.integrity) rememberFileIntegrity(remote.name, url, manifest);
  const locations = readManifestLocations(manifest);
  if (!locations?.globalName) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The manifest of "${remote.name}" (${url}) is not a Module Federation manifest.`, {
      remote: remote.name,
      step: 'fetch manifest',
    });
  }
  const { globalName, publicPath: named, remoteEntry, exposes } = locations;
  // `auto`: the files lie beside the manifest (as the runtime resolves it).
  const publicPath = named === undefined || named === 'auto' || named === '' ? new URL('.', url).href : named;
  const at = (file: string) => new URL(`${publicPath}${file}`, document.baseURI).href;
  return {
    entryUrl: at(joinEntryPath(remoteEntry.path, remoteEntry.name)),
    globalName,
    appUrls: (exposes.find((expose) => expose.path === './app')?.sync ?? []).map(at),
    shared: sharedOfApp(manifest),
  };
}

function sharedOfApp(manifest: Record<string, unknown> | null): string[] {
  const listed = manifest?.[exposeSharedField];
  const keys = typeof listed === 'object' && listed !== null ? (listed as Record<string, unknown>)['./app'] : undefined;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/**
 * Gives each script the runtime loads from a verified release (its entry) the hash the registry or
 * manifest lists for it. The chunks a remote loads itself carry hashes built into its
 * remoteEntry.js (rspack's SubresourceIntegrityPlugin).
 */
const fileIntegrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'portal-file-integrity',
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

/**
 * Runs the first scripts of `./app` beside the entry, each with its hash. A chunk only adds its
 * modules to the remote's chunk-loading global, which the entry takes up whenever it runs (and
 * its chunk loader joins a script still on its way rather than asking again), so entry and code
 * are fetched at once instead of one after the other.
 */
function runAppFiles(location: ReleaseLocation): void {
  for (const url of location.appUrls) {
    if (appScripts.has(url)) continue;
    const expected = expectedFile(url);
    const script = expected ? withIntegrity(document.createElement('script'), expected) : document.createElement('script');
    if (!expected) script.crossOrigin = 'anonymous';
    script.async = true;
    script.src = url;
    // Once it has run (or failed) it leaves the page: the remote's chunk loader joins a script of
    // the same URL only while it is on its way, and asks again for one that failed.
    const done = () => script.remove();
    script.addEventListener('load', done);
    script.addEventListener('error', done);
    document.head.appendChild(script);
    appScripts.set(url, script);
  }
}
/**
 * Loads, beside the entry, the shared modules the first chunks consume that the shell provides
 * (a design-system group the page has not rendered yet): the remote's consume then finds them
 * loaded instead of asking for them once its entry has run. Others are left to the remote.
 */
function loadAppShared(location: ReleaseLocation): void {
  const provided = getInstance()?.options.shared ?? {};
  for (const key of location.shared) {
    if (!Object.hasOwn(provided, key)) continue;
    // A failure here is the remote's to report when it consumes the module.
    loadShare(key).catch(() => undefined);
  }
}

/** The script element of each first script asked for, by URL. */
const appScripts = new Map<string, HTMLScriptElement>();

/** Forgets the first scripts of a release (a retry asks again: an earlier request may have failed). */
function forgetAppFiles(location: ReleaseLocation): void {
  for (const url of location.appUrls) {
    appScripts.get(url)?.remove();
    appScripts.delete(url);
  }
}

/** Each registered remote, so a failed load can be retried with a fresh registration. */
const known = new Map<string, FederatedRemote>();
/** The location of each remote's registered release, once known. */
const locations = new Map<string, Promise<ReleaseLocation>>();
/** The entry URL the runtime holds for each remote. */
const inRuntime = new Map<string, string>();
/** Remotes the runtime must forget before their next load (a retry, a new release). */
const stale = new Set<string>();
/** Remotes whose last borrowed load failed: the runtime keeps the failure until re-registered. */
const failedBorrows = new Set<string>();

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
 * Tells the shell where a remote's release is. `force` drops what the runtime cached (a retry, or
 * a new release once the old one is unmounted) at the remote's next load.
 */
export function registerFederatedRemote(remote: FederatedRemote, { force = false } = {}): void {
  const previous = known.get(remote.name);
  if (force && previous && previous.manifestUrl !== remote.manifestUrl) forgetLoadedChunks(remote.name);
  known.set(remote.name, remote);
  locations.delete(remote.name);
  if (force) stale.add(remote.name);
}

function locate(remote: FederatedRemote): Promise<ReleaseLocation> {
  let location = locations.get(remote.name);
  if (!location) {
    const { files } = remote;
    location = files ? Promise.resolve().then(() => locationFromRegistry(remote, files)) : locationFromManifest(remote);
    locations.set(remote.name, location);
    // A failed look-up is tried again at the next load.
    location.catch(() => locations.delete(remote.name));
  }
  return location;
}

/** Registers the release's entry with the runtime (again, dropping its cache, when it changed or is stale). */
function enterIntoRuntime(name: string, location: ReleaseLocation): void {
  const current = inRuntime.get(name);
  if (current === location.entryUrl && !stale.has(name)) return;
  registerRemotes([{ name, entry: location.entryUrl, entryGlobalName: location.globalName, type: 'global' }], { force: current !== undefined });
  inRuntime.set(name, location.entryUrl);
  stale.delete(name);
  forgetAppFiles(location);
}

/** Loads a remote's exposed module (`./app` by default); for `./app` its first scripts are fetched beside the entry. */
export async function loadExposed<T>(name: string, expose = 'app'): Promise<T> {
  const remote = known.get(name);
  if (!remote) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `No remote "${name}" is registered, so "${name}/${expose}" cannot be loaded.`, { remote: name, step: 'load' });
  }
  const location = await locate(remote);
  enterIntoRuntime(name, location);
  if (expose === 'app') {
    runAppFiles(location);
    loadAppShared(location);
  }
  const module = await loadRemote<T>(`${name}/${expose}`);
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

/** The runtime's share scopes: every copy of every shared module, who provided it and who uses it. */
export function shareScopes() {
  return getInstance()?.shareScopeMap ?? {};
}

// The shell's federation runtime: the shell provides its singletons, remotes take the runtime core
// from it (their builds leave it out: `externalRuntime`), and every script of a verified release is
// checked. A remote's entry is loaded only when needed: the default strategy would load every
// registered remote at start, and one offline remote would then break the portal.
init({
  name: SHELL_CONTAINER_NAME,
  remotes: [],
  shared: sharedSingletons(),
  shareStrategy: 'loaded-first',
  plugins: [injectExternalRuntimeCore(), fileIntegrityPlugin, taskPerStepPlugin],
});
// Remotes borrow each other's exposed modules (parcels) through this runtime, so every such load
// is checked as the shell's own are.
provideRemoteModuleLoader(loadBorrowed);
