// A TypeScript entry compiled to JavaScript, once per state of its sources: a command run through
// tsx spends much of its start-up in tsx's module hooks (every module, node_modules included,
// goes through them on a second thread). esbuild bundles the sources and leaves packages to
// node_modules; a dynamic import stays lazy (its own chunk). A build lives in <outDir>/<hash>/,
// the hash covering the content of every source file it was made from; current.json names the
// newest, so a start checks those files' hashes (a few milliseconds) and rebuilds only when one
// changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Older builds are removed once this old: a process that started on one loads its chunks at once. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** @typedef {import('./compiled-entry.js').CompiledEntryOptions} CompiledEntryOptions */

/** @param {string} buildFormat @param {string} root @param {readonly string[]} inputs */
function hashOf(buildFormat, root, inputs) {
  const hash = createHash('sha256').update(buildFormat).update('\0');
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

/** The build current.json names, when its sources are unchanged. @param {CompiledEntryOptions} options */
function currentBuild({ root, outDir, buildFormat }) {
  let current;
  try {
    current = JSON.parse(readFileSync(path.join(outDir, 'current.json'), 'utf8'));
    // A source file gone (renamed, deleted) means the sources changed: build again.
    if (hashOf(buildFormat, root, current.inputs) !== current.hash) return null;
    statSync(path.join(outDir, current.hash, current.entry));
  } catch {
    return null;
  }
  return path.join(outDir, current.hash, current.entry);
}

/** Bare imports stay imports of node_modules, unless `bundles` takes them in. @param {(specifier: string) => boolean} bundles */
function packagesStayExternal(bundles) {
  return {
    name: 'packages-stay-external',
    /** @param {import('esbuild').PluginBuild} build */
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (bundles(args.path) ? undefined : { path: args.path, external: true }));
    },
  };
}

/** @param {CompiledEntryOptions} options */
async function build({ root, entry, outDir, name, buildFormat, bundles = () => false, plugins = [] }) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    plugins: [packagesStayExternal(bundles), ...plugins],
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const hash = hashOf(buildFormat, root, inputs);
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
  const entryFile = `${name}.mjs`;
  writeAtomically(path.join(outDir, 'current.json'), `${JSON.stringify({ hash, entry: entryFile, inputs }, null, 2)}\n`);
  for (const other of readdirSync(outDir)) {
    const old = path.join(outDir, other);
    if (other !== hash && other !== 'current.json' && Date.now() - statSync(old).mtimeMs > STALE_AFTER_MS) rmSync(old, { recursive: true, force: true });
  }
  return path.join(dir, entryFile);
}

/**
 * The entry compiled from the sources as they are now: the current build, or a new one.
 * @param {CompiledEntryOptions} options
 * @returns {Promise<import('./compiled-entry.js').CompiledEntry>}
 */
export async function compiledEntry(options) {
  mkdirSync(options.outDir, { recursive: true });
  const file = currentBuild(options);
  if (file) return { file, built: false };
  return { file: await build(options), built: true };
}
