// The package.json a workspace package is published with, derived from the one the workspace
// develops with. In the workspace, `main`, `types` and `exports` point at the TypeScript sources
// (./src/x.ts), so every tool here (tsx, jest, tsc, rspack, esbuild) runs the sources as they are,
// with nothing to build first; the published package holds the compiled JavaScript and
// declarations of those very files (./dist/x.js, ./dist/x.d.ts), and its package.json says so.
// The mapping is mechanical, so the two cannot disagree about what a package exports.

export type Manifest = Record<string, unknown>;

/**
 * How a package is published. `compiled` (the default): tsc's JavaScript and declarations of
 * `src/`, the package.json mapped onto them. `as-is`: the files its `files` list names, as they are
 * in the workspace (tests left out), for a package whose workspace form already runs outside it:
 * the emulator, which compiles its own sources on first use and reads files beside them (its SQL,
 * its functions runtime, its console's sources), and the compiled-entry tool it does that with.
 */
export type ReleaseForm = 'compiled' | 'as-is';

export function releaseForm(manifest: Manifest): ReleaseForm {
  const form = (manifest.release as { form?: unknown } | undefined)?.form ?? 'compiled';
  if (form !== 'compiled' && form !== 'as-is') throw new Error(`${String(manifest.name)} has release.form ${JSON.stringify(form)}: "compiled" or "as-is".`);
  return form;
}

/** `./src/a/b.tsx` → `./dist/a/b`; throws for a target outside src/ or not TypeScript. */
function compiledBase(target: string, where: string): string {
  const match = /^(?:\.\/)?src\/(.+)\.tsx?$/.exec(target);
  if (!match || match[1]!.endsWith('.d')) throw new Error(`${where} is ${JSON.stringify(target)}: a published package exports TypeScript sources under ./src/ only (compiled into ./dist/).`);
  return `./dist/${match[1]}`;
}

/** The conditions of one compiled export: its declarations for TypeScript, its JavaScript for everyone else. */
function compiledExport(target: string, where: string): { types: string; default: string } {
  const base = compiledBase(target, where);
  return { types: `${base}.d.ts`, default: `${base}.js` };
}

function mapExports(exports: unknown): Record<string, unknown> {
  if (typeof exports === 'string') return { '.': compiledExport(exports, 'exports') };
  if (typeof exports !== 'object' || exports === null) throw new Error('A published package needs an "exports" map.');
  return Object.fromEntries(
    Object.entries(exports as Record<string, unknown>).map(([key, target]) => {
      if (target === './package.json') return [key, target];
      if (typeof target !== 'string') throw new Error(`exports[${JSON.stringify(key)}] must be one path in the workspace (the release adds the conditions).`);
      return [key, compiledExport(target, `exports[${JSON.stringify(key)}]`)];
    }),
  );
}

/**
 * The published package.json. `main`, `types` and every export map onto dist/; the workspace's
 * `bin` (a launcher that compiles the sources on use) is replaced by `release.bin` mapped the same
 * way; what only the workspace needs (`scripts`, `devDependencies`, `private`, `release`) is left out.
 */
export function publishedManifest(manifest: Manifest): Manifest {
  const { scripts: _scripts, devDependencies: _devDependencies, private: isPrivate, release, bin, main, types, exports, ...rest } = manifest;
  if (isPrivate === true) throw new Error(`${String(manifest.name)} is private: it is not published.`);
  if (!Array.isArray(manifest.files)) throw new Error(`${String(manifest.name)} names no "files": list what the package holds (dist, CHANGELOG.md, README.md).`);
  if (releaseForm(manifest) === 'as-is') {
    // The workspace's own entries are what the published files are: nothing to map.
    return Object.fromEntries(Object.entries(manifest).filter(([key]) => !['scripts', 'devDependencies', 'private', 'release'].includes(key)));
  }
  const releaseBin = (release as { bin?: Record<string, string> } | undefined)?.bin;
  if (bin !== undefined && releaseBin === undefined) throw new Error(`${String(manifest.name)} has a "bin" but no "release.bin": name the TypeScript entry each command runs when published.`);
  const published: Manifest = { ...rest };
  if (typeof main === 'string') published.main = `${compiledBase(main, 'main')}.js`;
  if (typeof types === 'string') published.types = `${compiledBase(types, 'types')}.d.ts`;
  published.exports = mapExports(exports);
  if (releaseBin) published.bin = Object.fromEntries(Object.entries(releaseBin).map(([command, entry]) => [command, `${compiledBase(entry, `release.bin.${command}`)}.js`]));
  // The keys in the order npm writes them: name and version first, as in the workspace.
  return Object.fromEntries(Object.keys(manifest).filter((key) => key in published).concat(Object.keys(published).filter((key) => !(key in manifest))).map((key) => [key, published[key]]));
}
