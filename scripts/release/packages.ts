// The portal's publishable packages (@portal/platform, @portal/ui, @portal/deploy: every workspace
// package that is not private), built, checked and packed as the registry will hold them.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import satisfies from 'semver/functions/satisfies.js';
import { publishedManifest, releaseForm, type Manifest } from './published-manifest.js';

export interface WorkspacePackage {
  name: string;
  version: string;
  /** Its folder in the workspace. */
  dir: string;
  manifest: Manifest;
}

export interface StagedPackage extends WorkspacePackage {
  /** The folder holding the package as published: package.json, README.md, CHANGELOG.md, dist/. */
  stageDir: string;
  /** SHA-256 of what it holds (package.json without this field included), written as `contentHash`. */
  contentHash: string;
}

/** The files a compiled package may hold: its manifest, its two documents, compiled JavaScript and declarations. */
const PUBLISHED_FILE = /^(package\.json|README\.md|CHANGELOG\.md|dist\/.+(\.js|\.d\.ts))$/;

/** A workspace's tests, never published (jest's unit and integration files, the shared suites). */
const TEST_FILE = /\.(test|spec|suite)\.[cm]?[jt]sx?$/;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every file under `dir`, relative and `/`-separated, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
    })
    .sort();
}

const portalDependencies = (manifest: Manifest) =>
  Object.entries({ ...(manifest.dependencies as Record<string, string> | undefined), ...(manifest.peerDependencies as Record<string, string> | undefined) }).filter(([name]) => name.startsWith('@portal/'));

/** The workspace packages that are published (not private), each after the ones it depends on. */
export function publishablePackages(root: string): WorkspacePackage[] {
  const workspaces = (readJson(path.join(root, 'package.json')).workspaces as string[]).flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  );
  const packages = workspaces
    .filter((folder) => existsSync(path.join(root, folder, 'package.json')))
    .map((folder) => ({ dir: path.join(root, folder), manifest: readJson(path.join(root, folder, 'package.json')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: String(manifest.name), version: String(manifest.version), dir, manifest }));
  const ordered: WorkspacePackage[] = [];
  const visit = (pkg: WorkspacePackage, path: string[]) => {
    if (ordered.includes(pkg)) return;
    if (path.includes(pkg.name)) throw new Error(`The packages depend on each other in a circle: ${[...path, pkg.name].join(' → ')}.`);
    for (const [name] of portalDependencies(pkg.manifest)) {
      const dependency = packages.find((other) => other.name === name);
      if (dependency) visit(dependency, [...path, pkg.name]);
    }
    ordered.push(pkg);
  };
  for (const pkg of packages) visit(pkg, []);
  return ordered;
}

/** What a release is checked against: facts of the workspace it is made from. */
export interface ReleaseFacts {
  /** The platform contract's version (CONTRACT_VERSION). */
  contractVersion: string;
  /** The Module Federation version the shell is built with (its installed @module-federation/runtime). */
  federationVersion: string;
}

/** The `@module-federation/*` packages whose version a remote build must share with the shell. */
const FEDERATION_PACKAGE = /^@module-federation\//;

/**
 * What would make a release of these packages wrong, in words (none: it may go out): a version
 * without its CHANGELOG.md entry, a `@portal/*` range that excludes the version released beside
 * it, a platform whose version is not its contract's, a Module Federation dependency that is not
 * exactly the shell's (a remote entry runs only inside a shell built from the same
 * `@module-federation` versions: it takes the shell's runtime core and bundler runtime).
 */
export function releaseProblems(packages: readonly WorkspacePackage[], { contractVersion, federationVersion }: ReleaseFacts): string[] {
  const problems: string[] = [];
  for (const pkg of packages) {
    const changelog = path.join(pkg.dir, 'CHANGELOG.md');
    const heading = new RegExp(`^## ${pkg.version.replaceAll('.', '\\.')}(\\s|$)`, 'm');
    if (!existsSync(changelog)) problems.push(`${pkg.name} has no CHANGELOG.md.`);
    else if (!heading.test(readFileSync(changelog, 'utf8'))) problems.push(`${pkg.name} ${pkg.version} has no entry in CHANGELOG.md: add "## ${pkg.version}" with what changed.`);
    for (const [name, range] of portalDependencies(pkg.manifest)) {
      const dependency = packages.find((other) => other.name === name);
      if (dependency && !satisfies(dependency.version, range)) problems.push(`${pkg.name} asks for ${name} ${range}, which excludes ${dependency.version}, the version released with it: widen the range.`);
    }
    const dependencies = (pkg.manifest.dependencies ?? {}) as Record<string, string>;
    for (const [name, range] of Object.entries(dependencies).filter(([name]) => FEDERATION_PACKAGE.test(name))) {
      if (range !== federationVersion) problems.push(`${pkg.name} asks for ${name} ${range}, but the shell is built with Module Federation ${federationVersion}: pin exactly "${federationVersion}", since a remote entry runs only with the shell's own runtime.`);
    }
    if (pkg.name === '@portal/platform' && pkg.version !== contractVersion) {
      problems.push(`@portal/platform is version ${pkg.version} but its contract (CONTRACT_VERSION, shared/platform/src/version.ts) is ${contractVersion}: the package's version is the contract's, so set both to the same.`);
    }
  }
  return problems;
}

function hashOf(stageDir: string, manifest: Manifest): string {
  const hash = createHash('sha256').update(JSON.stringify(manifest)).update('\0');
  for (const file of filesUnder(stageDir).filter((name) => name !== 'package.json')) hash.update(file).update('\0').update(readFileSync(path.join(stageDir, file))).update('\0');
  return `sha256-${hash.digest('base64')}`;
}

/**
 * Builds `pkg` into `<stageRoot>/<folder name>`: its sources compiled by tsc (its
 * tsconfig.build.json: JavaScript and declarations, no tests), README.md, CHANGELOG.md and the
 * published package.json. Throws when the result holds anything else, or a path its package.json
 * names is missing.
 */
export function stagePackage(pkg: WorkspacePackage, stageRoot: string, root: string): StagedPackage {
  const stageDir = path.join(stageRoot, path.basename(pkg.dir));
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(stageDir, { recursive: true });
  const form = releaseForm(pkg.manifest);
  if (form === 'compiled') {
    // The workspace's TypeScript (its package.json names the compiler's launcher in `bin`).
    const typescript = createRequire(path.join(root, 'package.json')).resolve('typescript/package.json');
    const tsc = path.join(path.dirname(typescript), (readJson(typescript).bin as Record<string, string>).tsc!);
    execFileSync(process.execPath, [tsc, '-p', path.join(pkg.dir, 'tsconfig.build.json'), '--outDir', path.join(stageDir, 'dist')], { cwd: pkg.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const file of ['README.md', 'CHANGELOG.md']) copyFileSync(path.join(pkg.dir, file), path.join(stageDir, file));
    for (const [folder, source] of Object.entries(releaseBundle(pkg.manifest))) copyListed(pkg.dir, source, stageDir, folder);
  } else {
    for (const entry of pkg.manifest.files as string[]) copyListed(pkg.dir, entry, stageDir);
  }
  const manifest = publishedManifest(pkg.manifest);
  const contentHash = hashOf(stageDir, manifest);
  writeFileSync(path.join(stageDir, 'package.json'), `${JSON.stringify({ ...manifest, contentHash }, null, 2)}\n`);

  const bundled = Object.keys(releaseBundle(pkg.manifest)).map((folder) => `${folder}/`);
  const stray = filesUnder(stageDir).filter((file) => (form === 'compiled' ? !PUBLISHED_FILE.test(file) && !bundled.some((folder) => file.startsWith(folder)) : TEST_FILE.test(file)));
  if (stray.length > 0) {
    throw new Error(`${pkg.name} would publish files that are not ${form === 'compiled' ? 'compiled JavaScript, declarations or its documents' : 'what it runs (tests)'}: ${stray.join(', ')}.`);
  }
  for (const file of ['README.md', 'CHANGELOG.md']) if (!existsSync(path.join(stageDir, file))) throw new Error(`${pkg.name} would publish no ${file}: list it in "files".`);
  const exportTargets = (exports: unknown): unknown[] => (typeof exports === 'object' && exports !== null ? Object.values(exports).flatMap(exportTargets) : [exports]);
  const named = [manifest.main, manifest.types, ...Object.values((manifest.bin as Record<string, string> | undefined) ?? {}), ...exportTargets(manifest.exports)];
  const missing = named.filter((target): target is string => typeof target === 'string' && !existsSync(path.join(stageDir, target)));
  if (missing.length > 0) throw new Error(`${pkg.name}'s package.json names files the ${form === 'compiled' ? 'build did not make' : 'package does not hold'}: ${missing.join(', ')}.`);
  return { ...pkg, stageDir, contentHash };
}

/**
 * Copies `entry` (a file or a folder, relative to `dir`) into `stageDir` as `as` (default: the same
 * path), tests left out; `node_modules` and `dist` too, unless `entry` is one of them (a bundled build).
 */
function copyListed(dir: string, entry: string, stageDir: string, as = entry): void {
  const source = path.join(dir, entry);
  if (!existsSync(source)) throw new Error(`${path.basename(dir)} would publish ${entry}, which does not exist.`);
  if (!statSync(source).isDirectory()) {
    mkdirSync(path.dirname(path.join(stageDir, as)), { recursive: true });
    copyFileSync(source, path.join(stageDir, as));
    return;
  }
  for (const file of filesUnder(source).filter((name) => !TEST_FILE.test(name) && !name.split('/').some((part) => part === 'node_modules' || part === 'dist'))) {
    mkdirSync(path.dirname(path.join(stageDir, as, file)), { recursive: true });
    copyFileSync(path.join(source, file), path.join(stageDir, as, file));
  }
}

/**
 * What a compiled package carries besides its build (`release.bundle`: folder in the package →
 * a folder of the workspace, relative to the package): @portal/testing's built shell and the
 * portal's backend project. `release.before` (a command run in the repository's root) makes them first.
 */
export function releaseBundle(manifest: Manifest): Record<string, string> {
  return ((manifest.release as { bundle?: Record<string, string> } | undefined)?.bundle ?? {});
}

/** Runs a package's `release.before` (e.g. building the shell it bundles) in the repository's root. */
export function prepareRelease(pkg: WorkspacePackage, root: string): void {
  const before = (pkg.manifest.release as { before?: string[] } | undefined)?.before;
  if (before) execFileSync(before[0]!, before.slice(1), { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * `npm pack` of the staged packages into `destination`, in one npm (each npm started was about a
 * second of CPU); their tarballs' paths, in the same order.
 */
export function packStaged(staged: readonly StagedPackage[], destination: string): string[] {
  mkdirSync(destination, { recursive: true });
  const output = execFileSync('npm', ['pack', ...staged.map((pkg) => pkg.stageDir), '--pack-destination', destination, '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const packed = JSON.parse(output) as Array<{ name: string; filename: string }>;
  return staged.map((pkg) => {
    const tarball = packed.find((entry) => entry.name === pkg.name);
    if (!tarball) throw new Error(`npm pack made no tarball of ${pkg.name}.`);
    return path.join(destination, tarball.filename);
  });
}

export type RegistryState = { state: 'absent' } | { state: 'same' } | { state: 'different'; contentHash: string | undefined };

const execFileAsync = promisify(execFile);

/**
 * What the registry at `url` holds of this package's version: nothing, the same content (its
 * `contentHash`), or other content. Asked with `npm view`, so npm's own configuration for the
 * registry (credential, proxy) applies.
 */
export async function registryState(pkg: Pick<StagedPackage, 'name' | 'version' | 'contentHash'>, url: string): Promise<RegistryState> {
  let output: string;
  try {
    ({ stdout: output } = await execFileAsync('npm', ['view', `${pkg.name}@${pkg.version}`, 'contentHash', 'version', '--json', '--registry', url], { encoding: 'utf8' }));
  } catch (error) {
    const text = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    if (/E404|404 Not Found|is not in this registry/.test(text)) return { state: 'absent' };
    throw new Error(`Could not ask ${url} about ${pkg.name}@${pkg.version}: ${text.trim()}`);
  }
  // A package the registry has, without this version: npm prints nothing.
  if (output.trim() === '') return { state: 'absent' };
  const published = JSON.parse(output) as { contentHash?: string };
  return published.contentHash === pkg.contentHash ? { state: 'same' } : { state: 'different', contentHash: published.contentHash };
}
