export { openEnvironment, writeFileAtomically, type Environment } from './environment.js';
export {
  publishRemote,
  publishShell,
  stageRelease,
  promoteRelease,
  startCanary,
  rollbackRemote,
  repointRegistry,
  recordShellContract,
  type PublishResult,
  type StageResult,
  type LiveRelease,
} from './publish.js';
export { readRegistry, writeRegistry } from './registry-file.js';
export { readRegistryState, readLiveRegistry, updateRegistry, type RegistryState } from './registry-store.js';
export { readReleases, type ReleaseRecord } from './releases.js';
export { environmentStatus, type EnvironmentStatus, type RemoteStatus } from './status.js';
export { folderTarget } from './targets/folder-target.js';
export { storageTarget, type StorageTarget, type StorageTargetOptions } from './targets/storage-target.js';
export type { PublishTarget } from './targets/publish-target.js';
export { startStaticServer, type StaticServer, type StaticServerOptions } from './static-server.js';
export { startLocalPortal, findRemoteBuilds, DEMO_ANON_KEY, LOCAL_SHELL_HOST, type LocalPortal, type LocalPortalOptions } from './local-portal.js';
export { DeployError, DeployErrorCode, isDeployError } from './errors.js';
