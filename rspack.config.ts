// One build for the shell and every remote: `rspack build --env app=<shell|account|…|all>`.
// Each app keeps only its own facts beside its code (shell/app.json, remotes/<name>/remote.json);
// everything Module Federation needs to get right once lives here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { EXPOSE_SHARED_FIELD } from '@portal/platform/registry';
import { LAZY_CHUNKS_ELEMENT_ID } from './shell/src/lazy-chunks.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The facts of one app: read from its own folder. */
export interface AppFacts {
  /** Module Federation container name (the registry key for a remote). */
  name: string;
  kind: 'host' | 'remote';
  dir: string;
  /** Default port of its local static server. */
  port: number;
  /** What a remote exposes (`./app` at least). */
  exposes: Record<string, string>;
  /** For remotes: the metadata block copied into the registry (remote.json minus build facts). */
  meta: Record<string, unknown> | null;
  /**
   * Files a remote generates at build time and deploys with its code: output file name → module
   * (relative to the remote) whose `generateAsset({ root })` returns the file's text.
   */
  assets: Record<string, string>;
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export function listApps(): string[] {
  const remotesDir = path.join(root, 'remotes');
  const remotes = existsSync(remotesDir)
    ? readdirSync(remotesDir).filter((name) => existsSync(path.join(remotesDir, name, 'remote.json')))
    : [];
  return ['shell', ...remotes.sort()];
}

export function appFacts(app: string): AppFacts {
  if (app === 'shell') {
    const facts = readJson(path.join(root, 'shell', 'app.json'));
    return { name: String(facts.name), kind: 'host', dir: path.join(root, 'shell'), port: Number(facts.port), exposes: {}, meta: null, assets: {} };
  }
  // A name is a folder under remotes/; a path (e.g. a test fixture) is a remote's folder itself.
  const dir = app.includes('/') ? path.resolve(root, app) : path.join(root, 'remotes', app);
  const file = path.join(dir, 'remote.json');
  if (!existsSync(file)) throw new Error(`Unknown app "${app}": expected shell or one of ${listApps().join(', ')} (remotes/<name>/remote.json).`);
  const { port, exposes, assets, ...meta } = readJson(file);
  return { name: String(meta.name), kind: 'remote', dir, port: Number(port), exposes: exposes as Record<string, string>, meta, assets: (assets ?? {}) as Record<string, string> };
}

function installedVersion(pkg: string): string {
  const file = pkg.startsWith('@portal/')
    ? path.join(root, pkg === '@portal/platform' ? 'shared/platform' : 'shared/ui', 'package.json')
    : require.resolve(`${pkg}/package.json`, { paths: [path.join(root, 'shell')] });
  return String(readJson(file).version);
}

/**
 * Shell-provided singletons (docs/architecture.md#the-platform-contract), with the installed
 * version the shell provides and the range a remote asks for. The shell provides them
 * (shell/src/shared-singletons.ts); remotes declare `import: false`, so a remote never ships its
 * own copy and always gets the shell's instance (one React, one ReactDOM, one supabase-js, one
 * platform with the one client).
 */
function sharedSingletons(): Record<string, { version: string; requiredVersion: string }> {
  const packages: Array<[request: string, pkg: string]> = [
    ['react', 'react'],
    ['react/jsx-runtime', 'react'],
    ['react-dom', 'react-dom'],
    ['react-dom/client', 'react-dom'],
    ['@supabase/supabase-js', '@supabase/supabase-js'],
    ['@portal/platform', '@portal/platform'],
  ];
  // The design system is shared per group, not as one module: `@portal/ui` itself only names the
  // groups' exports and is bundled by each app, so a page loads the groups it renders.
  // `forms` is form-controls and tables together, as remotes built before contract 1.4 consume them.
  if (existsSync(path.join(root, 'shared/ui/src/index.ts'))) {
    for (const group of ['core', 'form-controls', 'tables', 'overlays', 'forms']) packages.push([`@portal/ui/${group}`, '@portal/ui']);
  }
  return Object.fromEntries(
    packages.map(([request, pkg]) => {
      const version = installedVersion(pkg);
      const [major, minor] = version.split('.');
      // `^major.minor.0` (for 0.x packages `^0.minor.0` keeps to that minor, as semver does).
      return [request, { version, requiredVersion: `^${major}.${minor}.0` }];
    }),
  );
}

/**
 * The design-system groups the shell loads on demand (shell/src/design-system-groups.ts) keep their
 * components in a folder each. Each folder goes into its group's chunk, whichever lazy import
 * reaches it: left to itself the bundler copies a small module that two chunks share into both, so
 * the form controls' stylesheet was in the tables group's chunk too (a table's selection uses the
 * checkbox), the table in the status page's, and a page rendering both downloaded them twice.
 */
function designSystemGroupChunks(): Record<string, { test: RegExp; name: string; chunks: 'async'; enforce: true }> {
  const folders = { 'ui-form-controls': 'forms', 'ui-tables': 'tables', 'ui-overlays': 'overlays' };
  return Object.fromEntries(
    Object.entries(folders).map(([chunk, folder]) => [
      chunk,
      { test: new RegExp(String.raw`[\\/]shared[\\/]ui[\\/]src[\\/]${folder}[\\/]`), name: chunk, chunks: 'async', enforce: true },
    ]),
  );
}

/**
 * The federation runtime goes into the chunk of the shell's code that drives it
 * (shell/src/federation.ts imports both as `federation-runtime`): left to itself the bundler puts
 * node_modules in a vendor chunk of their own, so the first remote's route asked for two scripts
 * (21.8 and 6.0 KB gzipped) that always load together; as one they are 25.2 KB, the runtime's ES
 * modules concatenated with the code that calls them.
 */
function federationRuntimeChunk(): Record<string, { test: RegExp; name: string; chunks: 'async'; enforce: true }> {
  return { 'federation-runtime': { test: /[\\/]node_modules[\\/]@module-federation[\\/]/, name: 'federation-runtime', chunks: 'async', enforce: true } };
}

/**
 * Adds to a remote's mf-manifest.json which shared modules each exposed module's chunks consume
 * (`portalExposeShared`: `./app` → share keys). Deploy copies `./app`'s into the registry, so the
 * shell asks for those it has not loaded yet beside the entry instead of after it has run.
 */
class RecordExposeSharedPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RecordExposeSharedPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RecordExposeSharedPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset('mf-manifest.json');
        if (!asset) return;
        const manifest = JSON.parse(asset.source.source().toString()) as { exposes?: Array<{ name: string; path: string }> };
        const shared: Record<string, string[]> = {};
        for (const expose of manifest.exposes ?? []) {
          const group = compilation.namedChunkGroups.get(`__federation_expose_${expose.name}`);
          const keys = new Set<string>();
          for (const chunk of group?.chunks ?? []) {
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              const key = consumedShareKey(module);
              if (key) keys.add(key);
            }
          }
          shared[expose.path] = [...keys].sort();
        }
        compilation.updateAsset('mf-manifest.json', new rspack.sources.RawSource(`${JSON.stringify({ ...manifest, [EXPOSE_SHARED_FIELD]: shared }, null, 2)}\n`));
      });
    });
  }
}

/** The share key of a "consume shared module (default) react@^19.3.0 (strict) (fallback: …)". */
function consumedShareKey(module: { type: string; identifier(): string }): string | undefined {
  return module.type === 'consume-shared-module' ? /^consume shared module \([^)]*\) (.+?)@[^@\s]* \(/.exec(module.identifier())?.[1] : undefined;
}

/** Copies a remote's metadata block into its build output, where the deploy step reads it. */
class EmitRemoteMetaPlugin implements RspackPluginInstance {
  constructor(private readonly meta: Record<string, unknown>) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitRemoteMetaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitRemoteMetaPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('remote.json', new rspack.sources.RawSource(`${JSON.stringify(this.meta, null, 2)}\n`));
      });
    });
  }
}

/**
 * The page's first script (the `early` entry: it only asks for config.json and the registry, and
 * on a remote's route for the files the release will run) is written into the page itself. It runs
 * as the parser reaches it, before the document is parsed and so before the deferred `main`, which
 * takes its answers; as a file of its own it cost a round trip before config.json, the registry and
 * then the release's files could be asked for, all on a remote's critical path. The page's
 * Content-Security-Policy allows this one inline script by its hash
 * (deploy/src/content-security-policy.ts). The file itself is not emitted.
 */
export class InlineEarlyScriptPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('InlineEarlyScriptPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tap('InlineEarlyScriptPlugin', (data) => {
        for (const tag of data.assetTags.scripts) {
          const file = tag.asset ? path.basename(tag.asset) : '';
          if (!/^early\.[0-9a-f]+\.js$/.test(file)) continue;
          const code = compilation
            .getAsset(file)!
            .source.source()
            .toString()
            .replace(/\s*\/\/# sourceMappingURL=\S+\s*$/, '');
          // The HTML parser would end the element (or enter a comment state) at these.
          if (/<\/script|<!--/i.test(code)) throw new Error(`${file} contains "</script" or "<!--" and cannot be written into the page.`);
          tag.attributes = {};
          tag.innerHTML = code;
          compilation.deleteAsset(file);
          if (compilation.getAsset(`${file}.map`)) compilation.deleteAsset(`${file}.map`);
        }
        return data;
      });
    });
  }
}

/**
 * Writes the files of the shell's named lazy chunks into the page, before the first script, which
 * asks for the federation runtime and single-spa on a remote's route
 * (shell/src/remote-route-preload.ts), and for the design-system groups the opened release
 * consumes (shell/src/early-preload.ts), while the main script is still on its way. Read by the
 * first script only; a JSON element runs nothing.
 */
export class LazyChunkFilesPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('LazyChunkFilesPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tap('LazyChunkFilesPlugin', (data) => {
        const groups = [...compilation.namedChunkGroups.values()];
        const initial = new Set(groups.filter((group) => group.isInitial()).flatMap((group) => group.getFiles()));
        const publicPath = String(compilation.outputOptions.publicPath);
        const files = Object.fromEntries(
          groups
            .filter((group) => !group.isInitial() && group.name)
            .map((group) => [group.name, group.getFiles().filter((file) => file.endsWith('.js') && !initial.has(file)).map((file) => `${publicPath}${file}`)]),
        );
        // "<" escaped: nothing in the JSON can close the element.
        const json = JSON.stringify(files).replaceAll('<', '\\u003c');
        data.assetTags.scripts.unshift(rspack.HtmlRspackPlugin.createHtmlTagObject('script', { type: 'application/json', id: LAZY_CHUNKS_ELEMENT_ID }, json));
        return data;
      });
    });
  }
}

/** Emits the files a remote generates at build time (remote.json `assets`), e.g. a catalogue. */
export class EmitGeneratedAssetsPlugin implements RspackPluginInstance {
  constructor(
    private readonly dir: string,
    private readonly assets: Record<string, string>,
  ) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitGeneratedAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'EmitGeneratedAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        for (const [file, module] of Object.entries(this.assets)) {
          const generator = (await import(pathToFileURL(path.resolve(this.dir, module)).href)) as { generateAsset(options: { root: string }): string };
          compilation.emitAsset(file, new rspack.sources.RawSource(generator.generateAsset({ root })));
        }
      });
    });
  }
}

/**
 * The federation plugin finds a remote's runtime with `require.resolve`, so every remote would
 * bundle the CommonJS builds, which cannot be tree-shaken: each remoteEntry.js carried all of
 * @module-federation/sdk (Node helpers included). The ES module build of the runtime lets the
 * bundler keep only what it uses, and the bundler runtime's functions come from the shell
 * (shell/src/federation-bundler-runtime.ts). The shell, not built by the plugin, imports the ES
 * module builds as any application does.
 */
function remoteFederationRuntime(): Record<string, string> {
  const resolve = (pkg: string) => require.resolve(pkg, { paths: [path.join(root, 'shell')] });
  return {
    [resolve('@module-federation/webpack-bundler-runtime')]: path.join(root, 'shell/src/federation-bundler-runtime.ts'),
    '@module-federation/runtime': resolve('@module-federation/runtime').replace(/\.cjs$/, '.js'),
  };
}

/**
 * The shell is an ordinary application, not a federated container: it imports React, supabase-js,
 * the platform and the design system like any app, and loads the federation runtime with the
 * first remote (shell/src/federation.ts), giving it those very modules as the singletons remotes
 * use (shell/src/shared-singletons.ts). The build writes in what the federation plugin would have:
 * the shell's container name, each singleton's version and range, and the runtime's build flags.
 */
function hostPlugins(facts: AppFacts, mode: BuildOptions['mode']): RspackPluginInstance[] {
  return [
    new rspack.DefinePlugin({
      PORTAL_FEDERATION: JSON.stringify({ name: facts.name, shared: sharedSingletons() }),
      // The runtime is given each release's entry (from the registry, or the manifest the shell
      // checks), so its manifest and snapshot code is left out; it runs in browsers only.
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
      FEDERATION_OPTIMIZE_NO_REMOTE: 'false',
      FEDERATION_OPTIMIZE_NO_SHARED: 'false',
      ENV_TARGET: JSON.stringify('web'),
    }),
    new rspack.HtmlRspackPlugin({
      template: path.join(facts.dir, 'index.html'),
      scriptLoading: 'defer',
      minify: mode === 'production',
    }),
    new InlineEarlyScriptPlugin(),
    new LazyChunkFilesPlugin(),
  ];
}

/** A remote is a federated container that exposes its modules and consumes the shell's singletons. */
function remotePlugins(facts: AppFacts): RspackPluginInstance[] {
  return [
    new ModuleFederationPlugin({
      name: facts.name,
      filename: 'remoteEntry.js',
      exposes: facts.exposes,
      // Remotes are registered at run time from the registry, never at build time, so the
      // shell needs no rebuild for a new remote version.
      remotes: {},
      shared: Object.fromEntries(Object.entries(sharedSingletons()).map(([request, versions]) => [request, { ...versions, singleton: true, import: false as const }])),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      dev: false,
      // Remotes use the shell's copy of the federation runtime instead of shipping their own
      // (~33 KB gz each). The shell gives the runtime each release's entry itself, so the
      // runtime's manifest and snapshot code is left out.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
    }),
    new EmitRemoteMetaPlugin(facts.meta ?? {}),
    new RecordExposeSharedPlugin(),
    new EmitGeneratedAssetsPlugin(facts.dir, facts.assets),
    // A remote's chunk loader sets `integrity` on every chunk it loads, from SHA-384 hashes
    // built into remoteEntry.js, whose own hash the deploy step writes into the manifest
    // the registry vouches for: editing any published file of a release stops it loading.
    new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: true, htmlPlugin: false }),
  ];
}

export interface BuildOptions {
  app: string;
  /** Output folder (default `<app>/dist`). */
  outDir?: string;
  mode?: 'production' | 'development';
}

export function createConfig({ app, outDir, mode = 'production' }: BuildOptions): Configuration {
  const facts = appFacts(app);
  const isHost = facts.kind === 'host';
  return {
    name: facts.name,
    mode,
    context: facts.dir,
    // Remotes have no page of their own.
    // The shell's page runs `early` first: a few hundred bytes that ask for config.json and the
    // registry while `main` downloads and compiles (shell/src/early-start.ts).
    entry: isHost ? { early: './src/early-start.ts', main: './src/index.ts' } : {},
    devtool: 'source-map',
    target: 'web',
    output: {
      path: outDir ?? path.join(facts.dir, 'dist'),
      // Immutable, content-hashed files; only index.html, remoteEntry.js (inside an immutable
      // version folder) and mf-manifest.json keep stable names.
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Remotes are served from their own origin and versioned folder: resolve at run time.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: facts.name,
      clean: true,
      // Scripts from a remote's origin are fetched in CORS mode, as Subresource Integrity needs.
      crossOriginLoading: 'anonymous',
    },
    resolve: {
      alias: isHost ? {} : remoteFederationRuntime(),
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Sources import `./x.js` (ESM with verbatimModuleSyntax) for `./x.ts(x)`.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          // The runtime core's index only gathers its modules' exports. Marked free of side effects,
          // it lets the shell's start take from the runtime only the semver ranges it checks
          // contracts with (contract.ts); the rest loads with the first remote.
          test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]index\.js$/,
          sideEffects: false,
        },
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: mode === 'development' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      ...(isHost ? { splitChunks: { cacheGroups: { ...designSystemGroupChunks(), ...federationRuntimeChunk() } } } : {}),
    },
    performance: { hints: false },
    plugins: isHost ? hostPlugins(facts, mode) : remotePlugins(facts),
  };
}

/** The rspack CLI's entry: `--env app=<name>` (or `app=all`), optional `--env out=<dir>`. */
export default function config(env: Record<string, string | boolean> = {}): Configuration | Configuration[] {
  const app = typeof env.app === 'string' ? env.app : 'all';
  const mode = env.development ? 'development' : 'production';
  if (app === 'all') return listApps().map((name) => createConfig({ app: name, mode }));
  return createConfig({ app, mode, ...(typeof env.out === 'string' ? { outDir: path.resolve(env.out) } : {}) });
}
