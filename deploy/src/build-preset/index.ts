// `@portal/deploy/rspack`: the build preset of a portal remote. A remote's rspack.config.ts is
//   import { remoteConfig } from '@portal/deploy/rspack';
//   export default (env = {}) => remoteConfig({ dir: import.meta.dirname, mode: env.development ? 'development' : 'production' });
// and `portal-deploy build` uses the same function for a remote folder without one. The shell's
// build (shell/rspack.config.ts) takes the shared parts from here too.
export { remoteConfig, remotePlugins, type RemoteConfigOptions } from './remote-config.js';
export { baseConfig, type BaseConfigOptions, type BuildMode } from './base-config.js';
export { readRemoteFacts, projectRootOf, type RemoteFacts } from './remote-facts.js';
export { sharedSingletons, shellProvides, installedVersion, SHARED_SINGLETON_MODULES, DESIGN_SYSTEM_GROUPS, type SharedVersion } from './shared-singletons.js';
export { EmitGeneratedAssetsPlugin, EmitRemoteMetaPlugin, RecordExposeSharedPlugin } from './remote-plugins.js';
