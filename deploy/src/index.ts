export { openEnvironment, writeFileAtomically, type Environment } from './environment.js';
export { publishRemote, publishShell, rollbackRemote, repointRegistry, type PublishResult } from './publish.js';
export { readRegistry, writeRegistry } from './registry-file.js';
export { readReleases, type ReleaseRecord } from './releases.js';
export { startStaticServer, type StaticServer, type StaticServerOptions } from './static-server.js';
export { startLocalPortal, findRemoteBuilds, DEMO_ANON_KEY, type LocalPortal, type LocalPortalOptions } from './local-portal.js';
export { DeployError, DeployErrorCode, isDeployError } from './errors.js';
