// The build of one remote: a federated container that exposes its modules and consumes the
// shell's singletons. A team's remote, the portal's own remotes and `portal-deploy build` all
// build through this one function, so what the shell expects of a remote entry cannot drift
// between them.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { baseConfig, type BuildMode } from './base-config.js';
import { projectRootOf, readRemoteFacts, type RemoteFacts } from './remote-facts.js';
import { EmitGeneratedAssetsPlugin, EmitRemoteMetaPlugin, RecordExposeSharedPlugin } from './remote-plugins.js';
import { sharedSingletons } from './shared-singletons.js';

const require = createRequire(import.meta.url);

export interface RemoteConfigOptions {
  /** The remote's folder, holding remote.json. */
  dir: string;
  /** Output folder (default `<dir>/dist`). */
  outDir?: string;
  mode?: BuildMode;
  /** The project root its generated files read from (default: projectRootOf(dir)). */
  projectRoot?: string;
}

/**
 * The federation plugin finds a remote's runtime with `require.resolve`, so every remote would
 * bundle the CommonJS builds, which cannot be tree-shaken: each remoteEntry.js carried all of
 * @module-federation/sdk (Node helpers included). The ES module build of the runtime lets the
 * bundler keep only what it uses, and the bundler runtime's functions come from the shell
 * (`@portal/platform/federation-bundler-runtime`, in the package's place). Both packages are
 * resolved from the federation plugin's own location: the alias must name the very file it asks for.
 */
function remoteFederationRuntime(): Record<string, string> {
  const fromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  return {
    [fromPlugin.resolve('@module-federation/webpack-bundler-runtime')]: require.resolve('@portal/platform/federation-bundler-runtime'),
    '@module-federation/runtime': fromPlugin.resolve('@module-federation/runtime').replace(/\.cjs$/, '.js'),
  };
}

/** The plugins of a remote's build. */
export function remotePlugins(facts: RemoteFacts, projectRoot: string): RspackPluginInstance[] {
  return [
    new ModuleFederationPlugin({
      name: facts.name,
      filename: 'remoteEntry.js',
      exposes: facts.exposes,
      // Remotes are registered at run time from the registry, never at build time, so the
      // shell needs no rebuild for a new remote version.
      remotes: {},
      // Every singleton the shell provides, from the shell, never a copy of the remote's own.
      shared: Object.fromEntries(Object.entries(sharedSingletons(facts.dir)).map(([request, versions]) => [request, { ...versions, singleton: true, import: false as const }])),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      dev: false,
      // Remotes use the shell's copy of the federation runtime instead of shipping their own
      // (~33 KB gz each). The shell gives the runtime each release's entry itself, so the
      // runtime's manifest and snapshot code is left out.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
    }),
    new EmitRemoteMetaPlugin(facts.meta),
    new RecordExposeSharedPlugin(),
    new EmitGeneratedAssetsPlugin(facts.dir, facts.assets, projectRoot),
    // A remote's chunk loader sets `integrity` on every chunk it loads, from SHA-384 hashes
    // built into remoteEntry.js, whose own hash the deploy step writes into the manifest
    // the registry vouches for: editing any published file of a release stops it loading.
    new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: true, htmlPlugin: false }),
  ];
}

/** The rspack configuration of the remote in `dir` (its remote.json says the rest). */
export function remoteConfig({ dir, outDir, mode = 'production', projectRoot }: RemoteConfigOptions): Configuration {
  const facts = readRemoteFacts(path.resolve(dir));
  const base = baseConfig({
    name: facts.name,
    dir: facts.dir,
    outDir: outDir ?? path.join(facts.dir, 'dist'),
    mode,
    // Remotes are served from their own origin and versioned folder: resolve at run time.
    publicPath: 'auto',
  });
  return {
    ...base,
    // Remotes have no page of their own: the federation plugin adds the container's entry.
    entry: {},
    resolve: { ...base.resolve, alias: remoteFederationRuntime() },
    plugins: remotePlugins(facts, projectRoot ?? projectRootOf(facts.dir)),
  };
}
