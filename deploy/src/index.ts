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
export { readRegistryState, readLiveRegistry, updateRegistry } from './registry-store.js';
export type { RegistryState } from './registry-revision.js';
export { type ReleaseRecord } from './releases.js';
export { environmentStatus, type EnvironmentStatus, type RemoteStatus } from './status.js';
export { folderTarget } from './targets/folder-target.js';
export { projectTarget, type ProjectTarget, type Caller, type TeamsOverview } from './targets/project-target.js';
export { connectToProject, connectWithServiceKey, type ProjectConnection } from './identity/project-connection.js';
export type { DeployTarget } from './targets/deploy-target.js';
export { startStaticServer, type StaticServer, type StaticServerOptions } from './static-server.js';
export { startLocalPortal, findRemoteBuilds, DEMO_ANON_KEY, LOCAL_SHELL_HOST, type LocalPortal, type LocalPortalOptions } from './local-portal.js';
export { DeployError, DeployErrorCode, isDeployError } from './errors.js';
export { defaultActor } from './actor.js';
export { scaffoldStandaloneRemote, type StandaloneRemoteOptions, type NewRemoteResult } from './new-remote.js';
