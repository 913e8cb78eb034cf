// Where the shell meets Module Federation. The federation runtime (federation-runtime.ts) is not
// part of the shell's start: it is loaded with the first remote the page needs (its route, a
// preload on intent, a background after sign-in), so a page that runs no remote never downloads
// or runs it. Until then this module only remembers what the runtime must know: the allowed
// origins and each registered release.
import { PortalError, PortalErrorCode } from '@portal/platform';
import { yieldToMain } from '../start-up/yield-to-main.js';
import { lazyDesignSystemGroups } from './design-system-groups.js';
import { remoteCodeMayRun } from './remote-code-gate.js';
import type { FederatedRemote } from './federation-runtime.js';
import { preloadScript } from '../start-up/script-preload.js';

export type { FederatedRemote };

type Runtime = typeof import('./federation-runtime.js');

let runtime: Runtime | null = null;
let loading: Promise<Runtime> | null = null;
let origins: readonly string[] | undefined;
let devOrigins: readonly string[] = [];
/** The release last registered for each remote: the runtime learns them when it loads. */
const registered = new Map<string, FederatedRemote>();
/** Origins this page has opened a connection to ahead of a load. */
const preconnected = new Set<string>();

/** Sets the origins registry releases may load from, before any remote is registered. */
export function restrictOrigins(allowed: readonly string[] | undefined): void {
  origins = allowed;
  runtime?.restrictOrigins(allowed);
}

/** Sets the dev servers a developer's override may load from (dev-overrides.ts): its manifest and every file it names. */
export function restrictDevOrigins(allowed: readonly string[]): void {
  devOrigins = allowed;
  runtime?.restrictDevOrigins(allowed);
}

/**
 * Tells the shell where a remote's release is. `force` drops what the runtime cached (a retry, or
 * a new release once the old one is unmounted) at the remote's next load; before the runtime is
 * loaded there is nothing to drop.
 */
export function registerFederatedRemote(remote: FederatedRemote, options: { force?: boolean } = {}): void {
  registered.set(remote.name, remote);
  runtime?.registerFederatedRemote(remote, options);
}

function loadRuntime(): Promise<Runtime> {
  if (runtime) return Promise.resolve(runtime);
  if (loading) return loading;
  // Asked for and run only once the page has painted its first frame of the route (remote-code-gate.ts).
  // The runtime's first use (registering, locating and loading the release) runs in a task after
  // the one its modules ran in: at a phone's CPU the two held the main thread for 100–170 ms in
  // one task (issue #40: TBT).
  const imported = remoteCodeMayRun()
    .then(() => import(/* webpackChunkName: "federation-runtime" */ './federation-runtime.js'))
    .then(async (loaded) => {
      await yieldToMain();
      return loaded;
    });
  loading = imported.then(
    (loaded) => {
      loaded.restrictOrigins(origins);
      loaded.restrictDevOrigins(devOrigins);
      for (const remote of registered.values()) loaded.registerFederatedRemote(remote);
      runtime = loaded;
      return loaded;
    },
    (error: unknown) => {
      // The next load asks again (the network may be back).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading the federation runtime without waiting for it: the page opened on a route that
 * is not the shell's own, so it will most likely run a remote.
 */
export function prepareFederation(): void {
  loadRuntime().catch(() => undefined);
}

/** Whether the environment lets releases load from `origin` (any, when config.json lists none). */
function allowed(origin: string): boolean {
  return !origins || origins.includes(origin);
}

/**
 * Opens the connection to a release's origin now: its files are asked for only once the runtime
 * has located them and the page's main thread gets to it, and a first request to another origin
 * would wait a round trip more for the connection. Only for an origin the environment allows; the
 * connection is made in CORS mode, as the release's scripts are fetched.
 */
function preconnect(remote: FederatedRemote | undefined): void {
  if (!remote) return;
  const { origin } = new URL(remote.manifestUrl, document.baseURI);
  if (origin === location.origin || preconnected.has(origin) || !allowed(origin)) return;
  preconnected.add(origin);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

/**
 * Asks for what a verified release's `./app` starts with, as its registry entry lists it, beside
 * the federation runtime and once remote code may run (remote-code-gate.ts: on the page's first
 * route, once its header is painted): the entry and first scripts (preload links with the
 * registry's hashes and in CORS mode, so the script elements the runtime adds later take these
 * answers) and the design-system groups they consume. Otherwise they are asked for only once the
 * runtime has run its own start and located the release, a round trip and tens of milliseconds of
 * a busy main thread later. Not for a developer's override (no hashes: a dev server's build) nor
 * for files outside the allowed origins (the runtime refuses those, and says why).
 */
function fetchAhead(remote: FederatedRemote | undefined, expose: string): void {
  const files = remote?.files;
  if (expose !== 'app' || !remote?.integrity || !files) return;
  const scripts = [files.entry, ...files.app].map((file) => ({ url: new URL(file, remote.manifestUrl), integrity: files.integrity[file] }));
  if (!scripts.every(({ url }) => allowed(url.origin))) return;
  // A failed group is reported by the remote that consumes it.
  const groups = (files.shared ?? []).flatMap((key) => lazyDesignSystemGroups[key] ?? []);
  // All at once, in one task (100–190 ms of a phone's CPU): asked for one per task, the first remote
  // was interactive 8% later on bench/portal-vs-monolith.ts's network profile (issue #40, target 2).
  void remoteCodeMayRun().then(() => {
    for (const { url, integrity } of scripts) {
      if (integrity) preloadScript(url.href, integrity);
    }
    return Promise.all(groups.map((load) => load().catch(() => undefined)));
  });
}

/** Loads a remote's exposed module (`./app` by default), loading the federation runtime first if needed. */
export async function loadExposed<T>(name: string, expose = 'app'): Promise<T> {
  const remote = registered.get(name);
  preconnect(remote);
  fetchAhead(remote, expose);
  let loaded: Runtime;
  try {
    loaded = await loadRuntime();
  } catch (error) {
    throw new PortalError(
      PortalErrorCode.RemoteLoadFailed,
      `The portal could not load the code that runs remotes, so "${name}" cannot be loaded: ${error instanceof Error ? error.message : String(error)}`,
      { remote: name, step: 'load', cause: error },
    );
  }
  return loaded.loadExposed<T>(name, expose);
}

/**
 * Loads and runs a remote's `./app` ahead of need (navigation intent), so that following the link
 * only mounts it; its entry and first scripts are fetched at once, as for a load.
 */
export async function preloadExposed(name: string, expose = 'app'): Promise<void> {
  await loadExposed(name, expose);
}

/** The runtime's share scopes, once it is loaded (null before: no remote has run, nothing is shared yet). */
export function loadedShareScopes(): ReturnType<Runtime['shareScopes']> | null {
  return runtime ? runtime.shareScopes() : null;
}
