// The deploy CLI compiled to JavaScript, once per state of its sources. Run through tsx, each call
// spent most of its start-up in tsx's module hooks (every module, node_modules included, went
// through them on a second thread); compiled, a call starts in about half the time.
// esbuild bundles deploy/src and @portal/platform (TypeScript) and leaves every other package to
// node_modules; a dynamic import stays lazy (its own chunk). A build lives in dist/cli/<hash>/,
// the hash covering the content of every source file it was made from; current.json names the
// newest, so a call checks those files' hashes (a few milliseconds) and rebuilds only when one changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Part of every hash: a change of how the CLI is compiled makes a new build. */
const BUILD_FORMAT = 'esbuild esm node20 splitting 1';
/** Older builds are removed once this old: a process that started on one loads its chunks at once. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** @typedef {import('./compiled-cli.js').CompileOptions} CompileOptions */

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

/** Bare imports other than the workspace's TypeScript packages stay imports of node_modules. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

/** @param {CompileOptions} options */
async function build({ root, entry, outDir }) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { 'portal-deploy': entry },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [packagesStayExternal],
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
  writeAtomically(path.join(outDir, 'current.json'), `${JSON.stringify({ hash, entry: 'portal-deploy.mjs', inputs }, null, 2)}\n`);
  for (const name of readdirSync(outDir)) {
    const old = path.join(outDir, name);
    if (name !== hash && name !== 'current.json' && Date.now() - statSync(old).mtimeMs > STALE_AFTER_MS) rmSync(old, { recursive: true, force: true });
  }
  return path.join(dir, 'portal-deploy.mjs');
}

/**
 * The compiled CLI for the sources as they are now: the current build, or a new one.
 * @param {CompileOptions} options
 * @returns {Promise<import('./compiled-cli.js').CompiledCli>}
 */
export async function compiledCli(options) {
  mkdirSync(options.outDir, { recursive: true });
  const file = currentBuild(options);
  if (file) return { file, built: false };
  return { file: await build(options), built: true };
}
