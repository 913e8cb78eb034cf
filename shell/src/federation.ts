// The shell's use of the Module Federation runtime: remotes are registered at run time from the
// registry (never at build time), each manifest is checked against the registry's integrity hash
// before the runtime uses it, and loading happens on demand.
import { loadRemote, preloadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { PortalError, PortalErrorCode } from '@portal/platform';
import { matchesIntegrity } from './manifest-integrity.js';

interface ExpectedManifest {
  remote: string;
  integrity: string;
}

/** Keyed by remote name and manifest URL: two registry entries may point at one manifest. */
const expected = new Map<string, ExpectedManifest>();
const keyOf = (remote: string, url: string) => `${remote} ${url}`;

/** Fetches each known manifest itself and refuses one whose bytes do not match the registry. */
const manifestIntegrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'portal-manifest-integrity',
  fetch(url, init, remoteInfo) {
    const known = remoteInfo ? expected.get(keyOf(remoteInfo.name, url)) : undefined;
    if (!known) return undefined;
    return (async () => {
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
      return new Response(bytes, { status: 200, headers: { 'content-type': 'application/json' } });
    })();
  },
};

let pluginsRegistered = false;

export interface FederatedRemote {
  name: string;
  manifestUrl: string;
  integrity: string;
}

/** Tells the runtime where a remote's manifest is. `force` drops what it cached (a retry). */
export function registerFederatedRemote(remote: FederatedRemote, { force = false } = {}): void {
  if (!pluginsRegistered) {
    registerPlugins([manifestIntegrityPlugin]);
    pluginsRegistered = true;
  }
  expected.set(keyOf(remote.name, remote.manifestUrl), { remote: remote.name, integrity: remote.integrity });
  registerRemotes([{ name: remote.name, entry: remote.manifestUrl }], { force });
}

/** Loads a remote's exposed module (`./app` by default). */
export async function loadExposed<T>(name: string, expose = 'app'): Promise<T> {
  const module = await loadRemote<T>(`${name}/${expose}`);
  if (!module) {
    throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The remote "${name}" did not provide ./${expose}.`, { remote: name, step: 'load' });
  }
  return module;
}

/** Fetches a remote's entry and the files of `./app` ahead of need (navigation intent). */
export function preloadExposed(name: string, expose = 'app'): Promise<void> {
  return preloadRemote([{ nameOrAlias: name, exposes: [`./${expose}`] }]);
}
