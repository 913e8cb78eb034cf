// The emulator compiled to JavaScript, once per state of its sources (@portal/compiled-entry). Run
// through tsx, a start spent about a second in tsx's module hooks (every module, node_modules
// included, went through them on a second thread) and every call paid for the names tsx keeps on
// each function. Every package stays in node_modules. A source's `import.meta.url` (and dirname,
// filename) stays the source's own, so files read beside the sources (SQL, the functions runtime,
// the console) are found as before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEntry } from '@portal/compiled-entry';

/** @typedef {import('./compiled-emulator.js').CompileOptions} CompileOptions */

/**
 * Each source keeps its own `import.meta.url`, `dirname` and `filename` (in a bundle they would
 * all name the bundle). `import.meta.resolve` of a package needs nothing: the build lies below
 * the same node_modules as the sources.
 */
const importMetaOfSources = {
  name: 'import-meta-of-sources',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      // A define rewrites expressions only, never the text of a string that mentions them.
      const { code } = await build.esbuild.transform(source, {
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        format: 'esm',
        target: 'node22',
        sourcefile: args.path,
        define: {
          'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
          'import.meta.dirname': JSON.stringify(path.dirname(args.path)),
          'import.meta.filename': JSON.stringify(args.path),
        },
      });
      return { contents: code, loader: 'js' };
    });
  },
};

/**
 * The compiled emulator for the sources as they are now: the current build, or a new one.
 * @param {CompileOptions} options
 * @returns {Promise<import('./compiled-emulator.js').CompiledEmulator>}
 */
export function compiledEmulator(options) {
  return compiledEntry({
    ...options,
    name: 'portal-emulator',
    // A change of how the emulator is compiled makes a new build.
    buildFormat: 'esbuild esm node22 splitting import.meta-of-sources 1',
    plugins: [importMetaOfSources],
  });
}
