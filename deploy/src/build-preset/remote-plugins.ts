// The preset's own rspack plugins for a remote: what deploy reads from a build besides the
// federation plugin's output (remote.json, the shared modules each exposed module consumes) and
// the files a remote generates at build time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';
import { EXPOSE_SHARED_FIELD } from '@portal/platform/registry';

/**
 * Adds to a remote's mf-manifest.json which shared modules each exposed module's chunks consume
 * (`portalExposeShared`: `./app` → share keys). Deploy copies `./app`'s into the registry, so the
 * shell asks for those it has not loaded yet beside the entry instead of after it has run.
 */
export class RecordExposeSharedPlugin implements RspackPluginInstance {
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
export class EmitRemoteMetaPlugin implements RspackPluginInstance {
  constructor(private readonly meta: Record<string, unknown>) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitRemoteMetaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitRemoteMetaPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('remote.json', new rspack.sources.RawSource(`${JSON.stringify(this.meta, null, 2)}\n`));
      });
    });
  }
}

/** Emits the files a remote generates at build time (remote.json `assets`), e.g. a catalogue. */
export class EmitGeneratedAssetsPlugin implements RspackPluginInstance {
  /**
   * @param dir the remote's folder (the modules are relative to it)
   * @param assets output file name → generating module
   * @param root the project root handed to each generator (projectRootOf)
   */
  constructor(
    private readonly dir: string,
    private readonly assets: Record<string, string>,
    private readonly root: string,
  ) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitGeneratedAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'EmitGeneratedAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        for (const [file, module] of Object.entries(this.assets)) {
          const generator = (await import(pathToFileURL(path.resolve(this.dir, module)).href)) as { generateAsset(options: { root: string }): string };
          compilation.emitAsset(file, new rspack.sources.RawSource(generator.generateAsset({ root: this.root })));
        }
      });
    });
  }
}
