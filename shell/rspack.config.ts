// The shell's build: `rspack build` here, `portal-deploy build shell`, or the root rspack.config.ts
// (the shell and every remote, for tests and benchmarks). What every portal app builds with comes
// from the remote build preset (`@portal/deploy/rspack`); what only the shell's page needs stays
// here: its two entries and page, the first script written into the page, the main script asked
// for at high priority, one chunk per design-system group and the singletons it provides to remotes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compilation, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { baseConfig, sharedSingletons, shellProvides, type BuildMode } from '@portal/deploy/rspack';

const shellDir = path.dirname(fileURLToPath(import.meta.url));

/** The shell's facts (app.json): its container name and the default port of its static server. */
export function shellFacts(): { name: string; port: number; dir: string } {
  const facts = JSON.parse(readFileSync(path.join(shellDir, 'app.json'), 'utf8')) as { name: string; port: number };
  return { name: String(facts.name), port: Number(facts.port), dir: shellDir };
}

/**
 * The design-system groups the shell loads on demand (src/federation/design-system-groups.ts) keep their
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
 * (src/federation/federation.ts imports both as `federation-runtime`): left to itself the bundler puts
 * node_modules in a vendor chunk of their own, so the first remote's route asked for two scripts
 * (21.8 and 6.0 KB gzipped) that always load together; as one they are 25.2 KB, the runtime's ES
 * modules concatenated with the code that calls them.
 */
function federationRuntimeChunk(): Record<string, { test: RegExp; name: string; chunks: 'async'; enforce: true }> {
  return { 'federation-runtime': { test: /[\\/]node_modules[\\/]@module-federation[\\/]/, name: 'federation-runtime', chunks: 'async', enforce: true } };
}

/** A script element as the page plugin hands it over (its type is @rspack/binding's, not re-exported). */
type ScriptTag = Parameters<Parameters<ReturnType<typeof rspack.HtmlRspackPlugin.getCompilationHooks>['alterAssetTags']['tap']>[1]>[0]['assetTags']['scripts'][number];

/** Runs `alter` on each script element the page plugin writes, with the name of the file it loads. */
function alterPageScripts(compiler: Compiler, name: string, alter: (tag: ScriptTag, file: string, compilation: Compilation) => void): void {
  compiler.hooks.compilation.tap(name, (compilation) => {
    rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tap(name, (data) => {
      for (const tag of data.assetTags.scripts) alter(tag, tag.asset ? path.basename(tag.asset) : '', compilation);
      return data;
    });
  });
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
    alterPageScripts(compiler, 'InlineEarlyScriptPlugin', (tag, file, compilation) => {
      if (!/^early\.[0-9a-f]+\.js$/.test(file)) return;
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
    });
  }
}

/**
 * The main script is asked for at high priority. Deferred, Chromium would ask for it at low
 * priority, beside config.json and the registry (high) and the locale worker: but nothing of the
 * page is drawn until it has run (the page's one element is the empty root), so it is the first
 * paint's own critical request. Lighthouse's simulation counts a page's first paint from the
 * scripts it asked for at a render-blocking priority: at low priority it took the main script for
 * one the paint did not need, drew the first paint before it had run, and counted every task of
 * the start as one blocking a page already painted (docs/architecture.md, issue #40).
 */
export class CriticalMainScriptPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    alterPageScripts(compiler, 'CriticalMainScriptPlugin', (tag, file) => {
      if (/^main\.[0-9a-f]+\.js$/.test(file)) tag.attributes.fetchpriority = 'high';
    });
  }
}

/**
 * `portal-shell.json` beside the page: the contract and the singletons' versions this shell
 * provides, so a team can read what a portal runs before it builds or publishes against it
 * (`portal-deploy build --portal <url>`, deploy/src/shell-facts.ts).
 */
class ShellFactsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ShellFactsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellFactsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('portal-shell.json', new rspack.sources.RawSource(`${JSON.stringify(shellProvides(shellDir), null, 2)}\n`));
      });
    });
  }
}

/**
 * The shell is an ordinary application, not a federated container: it imports React, supabase-js,
 * the platform and the design system like any app, and loads the federation runtime with the
 * first remote (src/federation/federation.ts), giving it those very modules as the singletons remotes use
 * (src/federation/shared-singletons.ts). The build writes in what the federation plugin would have: the
 * shell's container name, each singleton's version and range (the list and figures remotes
 * declare, from the preset), and the runtime's build flags.
 */
function shellPlugins(name: string, mode: BuildMode): RspackPluginInstance[] {
  return [
    new rspack.DefinePlugin({
      PORTAL_FEDERATION: JSON.stringify({ name, shared: sharedSingletons(shellDir) }),
      // The runtime is given each release's entry (from the registry, or the manifest the shell
      // checks), so its manifest and snapshot code is left out; it runs in browsers only.
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
      FEDERATION_OPTIMIZE_NO_REMOTE: 'false',
      FEDERATION_OPTIMIZE_NO_SHARED: 'false',
      ENV_TARGET: JSON.stringify('web'),
    }),
    new rspack.HtmlRspackPlugin({
      template: path.join(shellDir, 'index.html'),
      scriptLoading: 'defer',
      minify: mode === 'production',
    }),
    new InlineEarlyScriptPlugin(),
    new CriticalMainScriptPlugin(),
    new ShellFactsPlugin(),
  ];
}

export interface ShellConfigOptions {
  /** Output folder (default shell/dist). */
  outDir?: string;
  mode?: BuildMode;
}

export function shellConfig({ outDir = path.join(shellDir, 'dist'), mode = 'production' }: ShellConfigOptions = {}): Configuration {
  const { name } = shellFacts();
  const base = baseConfig({ name, dir: shellDir, outDir, mode, publicPath: '/' });
  return {
    ...base,
    // The page runs `early` first: a few hundred bytes that ask for config.json and the registry
    // while `main` downloads and compiles (src/start-up/early-start.ts).
    entry: { early: './src/start-up/early-start.ts', main: './src/start-up/index.ts' },
    module: {
      ...base.module,
      rules: [
        {
          // The runtime core's index only gathers its modules' exports. Marked free of side effects,
          // it lets the shell's start take from the runtime only the semver ranges it checks
          // contracts with (contract.ts); the rest loads with the first remote.
          test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]index\.js$/,
          sideEffects: false,
        },
        ...(base.module?.rules ?? []),
      ],
    },
    optimization: { ...base.optimization, splitChunks: { cacheGroups: { ...designSystemGroupChunks(), ...federationRuntimeChunk() } } },
    plugins: shellPlugins(name, mode),
  };
}

/** The rspack CLI's entry: `rspack build` (production), `--env development`, `--env out=<dir>`. */
export default function config(env: Record<string, string | boolean> = {}): Configuration {
  return shellConfig({
    mode: env.development ? 'development' : 'production',
    ...(typeof env.out === 'string' ? { outDir: path.resolve(env.out) } : {}),
  });
}
