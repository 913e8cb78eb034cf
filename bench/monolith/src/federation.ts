// Stands in for shell/src/federation/federation.ts in the monolith: the same exports, but a remote's
// exposed module is a chunk of this bundle (`import()`), not a federated container. The
// registry still decides which remotes exist, on which route and for whom; its manifest URLs
// and integrity hashes are not used, as nothing is fetched from a remote's origin.
import { PortalError, PortalErrorCode, provideRemoteModuleLoader } from '@portal/platform';
import { remoteCodeMayRun } from '../../../shell/src/federation/remote-code-gate.js';
import { remoteModules } from './generated-remote-modules.js';

export interface FederatedRemote {
  name: string;
  manifestUrl: string;
  integrity: string | null;
}

/** Nothing loads from another origin in a monolith. */
export function restrictOrigins(_origins: readonly string[] | undefined): void {}

/** No developer override runs in a monolith. */
export function restrictDevOrigins(_allowed: readonly string[]): void {}

let loaderProvided = false;

export function registerFederatedRemote(_remote: FederatedRemote, _options: { force?: boolean } = {}): void {
  if (loaderProvided) return;
  provideRemoteModuleLoader(loadExposed);
  loaderProvided = true;
}

export async function loadExposed<T>(name: string, expose = 'app'): Promise<T> {
  const load = remoteModules[name]?.[expose];
  if (!load) throw new PortalError(PortalErrorCode.RemoteLoadFailed, `The monolith holds no "${name}/${expose}".`, { remote: name, step: 'load' });
  // As the shell's: a remote's code runs once the route's header is painted (remote-code-gate.ts).
  await remoteCodeMayRun();
  return (await load()) as T;
}

/** There is no federation runtime to load ahead of the first remote. */
export function prepareFederation(): void {}

/** Loads the module's chunk ahead of need (navigation intent), as the portal preloads a remote. */
export async function preloadExposed(name: string, expose = 'app'): Promise<void> {
  await loadExposed(name, expose);
}
