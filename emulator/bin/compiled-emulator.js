// The emulator compiled to JavaScript, once per state of its sources. Run through tsx, a start
// spent about a second in tsx's module hooks (every module, node_modules included, went through
// them on a second thread) and every call paid for the names tsx keeps on each function.
// esbuild bundles emulator/src and leaves every package to node_modules; a dynamic import stays
// lazy (its own chunk). A source's `import.meta.url` (and dirname, filename) stays the source's own,
// so files read beside the sources (SQL, the functions runtime, the console) are found as before.
// A build lives in dist/cli/<hash>/, the hash covering the content of every source file it was made
// from; current.json names the newest, so a start checks those files' hashes (a few
// milliseconds) and rebuilds only when one changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Part of every hash: a change of how the emulator is compiled makes a new build. */
const BUILD_FORMAT = 'esbuild esm node20 splitting import.meta-of-sources 1';
/** Older builds are removed once this old: a process that started on one loads its chunks at once. */
const STALE_AFTER_MS = 60 * 60 * 1000;
const ENTRY_NAME = 'portal-emulator';

/** @typedef {import('./compiled-emulator.js').CompileOptions} CompileOptions */

/** @param {string} root @param {readonly string[]} inputs */
function hashOf(root, inputs) {
  const hash = createHash('sha256').update(BUILD_FORMAT).update('\0');
  for (const input of inputs) hash.update(input).update('\0').update(readFileSync(path.join(root, input))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const uniqueSuffix = () => `${process.pid}.${Math.random().toString(36).slice(2)}`;

/** @param {string} file @param {string | Uint8Array} contents */
function writeAtomically(file, contents) {
  const temp = `${file}.${uniqueSuffix()}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, file);
}

/** The build current.json names, when its sources are unchanged. @param {CompileOptions} options */
function currentBuild({ root, outDir }) {
  let current;
  try {
    current = JSON.parse(readFileSync(path.join(outDir, 'current.json'), 'utf8'));
    // A source file gone (renamed, deleted) means the sources changed: build again.
    if (hashOf(root, current.inputs) !== current.hash) return null;
    statSync(path.join(outDir, current.hash, current.entry));
  } catch {
    return null;
  }
  return path.join(outDir, current.hash, current.entry);
}

/** Every bare import (a package) stays an import of node_modules. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
  },
};

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
        target: 'node20',
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

/** @param {CompileOptions} options */
async function build({ root, entry, outDir }) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { [ENTRY_NAME]: entry },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [packagesStayExternal, importMetaOfSources],
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const hash = hashOf(root, inputs);
  const dir = path.join(outDir, hash);
  // Written beside, then renamed into place whole: of two processes building at once, one wins.
  const temp = `${dir}.${uniqueSuffix()}.tmp`;
  mkdirSync(temp, { recursive: true });
  for (const file of result.outputFiles) writeFileSync(path.join(temp, path.relative(outDir, file.path)), file.contents);
  try {
    renameSync(temp, dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
  const entryFile = `${ENTRY_NAME}.mjs`;
  writeAtomically(path.join(outDir, 'current.json'), `${JSON.stringify({ hash, entry: entryFile, inputs }, null, 2)}\n`);
  for (const name of readdirSync(outDir)) {
    const old = path.join(outDir, name);
    if (name !== hash && name !== 'current.json' && Date.now() - statSync(old).mtimeMs > STALE_AFTER_MS) rmSync(old, { recursive: true, force: true });
  }
  return path.join(dir, entryFile);
}

/**
 * The compiled emulator for the sources as they are now: the current build, or a new one.
 * @param {CompileOptions} options
 * @returns {Promise<import('./compiled-emulator.js').CompiledEmulator>}
 */
export async function compiledEmulator(options) {
  mkdirSync(options.outDir, { recursive: true });
  const file = currentBuild(options);
  if (file) return { file, built: false };
  return { file: await build(options), built: true };
}
