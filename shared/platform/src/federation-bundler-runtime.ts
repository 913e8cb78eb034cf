// `@portal/platform/federation-bundler-runtime`: the federation bundler runtime of a remote, taken
// from the shell. The functions that bind a container's chunk loading to the federation runtime
// (sharing, consuming shared modules, initialising the container) are the same for every
// container, so the shell provides its copy on a global and each remoteEntry.js carries only its
// own state. The remote build preset (`@portal/deploy/rspack`) puts this module in place of
// `@module-federation/webpack-bundler-runtime`, as `externalRuntime` does for the runtime core;
// the shell sets the global (shell/src/federation/federation-runtime.ts). It lives in the platform because
// it is one half of a contract between the shell and every remote build, and both halves must
// name the same global. Not part of the singleton, and never imported by a remote's own code.
import * as runtime from '@module-federation/runtime';
import type { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

/** Where the shell puts its bundler runtime, before it loads any remote entry. */
export const BUNDLER_RUNTIME_GLOBAL = '__PORTAL_FEDERATION_BUNDLER_RUNTIME__';

export interface ProvidedBundlerRuntime {
  bundlerRuntime: typeof bundlerRuntime;
  attachShareScopeMap: typeof attachShareScopeMap;
}

const provided = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime | undefined;
if (!provided) throw new Error('This remote entry runs only inside the portal shell, which provides its federation runtime.');

// The container's own state, as the package's own default export has it; the functions are the shell's.
export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
