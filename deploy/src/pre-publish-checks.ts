// What is checked before a remote's build is published, each refusal naming the problem:
// a copy of a library the shell provides as a singleton inside the build, a contract range that
// excludes the environment's shell or admits a shell without a shared module the build consumes,
// an exposed module missing from the manifest or the build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import compare from 'semver/functions/compare.js';
import lessThan from 'semver/functions/lt.js';
import satisfies from 'semver/functions/satisfies.js';
import minVersion from 'semver/ranges/min-version.js';
import validRange from 'semver/ranges/valid.js';
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';
import type { RemoteMetadata } from './remote-metadata.js';

/** Provided once by the shell (docs/architecture.md#the-platform-contract); a remote must not carry its own. */
export const SHELL_SINGLETONS = ['react', 'react-dom', '@supabase/supabase-js', '@portal/platform'] as const;

/** Where a singleton's modules come from in a build's source maps. */
const SOURCE_OF: Record<(typeof SHELL_SINGLETONS)[number], RegExp> = {
  react: /(^|\/)node_modules\/react\//,
  'react-dom': /(^|\/)node_modules\/react-dom\//,
  '@supabase/supabase-js': /(^|\/)node_modules\/@supabase\/supabase-js\//,
  // Its entry module, from source (the workspace) or compiled (as published): the subpaths
  // (`/registry`, `/node`, `/federation-bundler-runtime`) are not the singleton.
  '@portal/platform': /(^|\/)(node_modules\/@portal\/platform|shared\/platform)\/(src\/index\.tsx?|dist\/index\.js)$/,
};

const assetsSchema = z.object({ js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }) });
const manifestSchema = z.object({
  shared: z.array(z.object({ name: z.string(), assets: assetsSchema })).default([]),
  exposes: z.array(z.object({ path: z.string(), assets: assetsSchema })).default([]),
});

const singletonOf = (request: string) => SHELL_SINGLETONS.find((name) => request === name || request.startsWith(`${name}/`));

function refuseBundled(remote: string, singleton: string, evidence: string): never {
  throw new DeployError(
    DeployErrorCode.BundledSingleton,
    `${remote} bundles its own copy of ${singleton} (${evidence}), which the shell provides as a singleton: declare it shared with import: false (the remote build preset, @portal/deploy/rspack, does) and build again.`,
  );
}

/** A shared entry with files of its own is a fallback copy; a source map naming its modules is a plain bundled copy. */
export function checkNoBundledSingletons(remote: string, distDir: string, files: readonly string[]): void {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')));
  for (const shared of manifest.shared) {
    const singleton = singletonOf(shared.name);
    const own = [...shared.assets.js.sync, ...shared.assets.js.async];
    if (singleton && own.length > 0) refuseBundled(remote, singleton, `mf-manifest.json shares "${shared.name}" from its own ${own.join(', ')}`);
  }
  for (const map of files.filter((file) => file.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(readFileSync(path.join(distDir, map), 'utf8')) as { sources?: string[] };
    for (const singleton of SHELL_SINGLETONS) {
      const source = sources.find((s) => SOURCE_OF[singleton].test(s));
      if (source) refuseBundled(remote, singleton, `${map} lists ${source.replace(/^webpack:\/\/[^/]*\//, '')}`);
    }
  }
}

/** The lowest major of the platform contract a range admits (null when it is no range). */
export function lowestContractMajor(range: string): number | null {
  return validRange(range) === null ? null : (minVersion(range)?.major ?? null);
}

/**
 * The remote's declared @portal/platform range must include the contract the environment's
 * shell provides. With `newMajorWaitsForAcceptance` (a project), a range that needs a newer
 * major passes: the release is staged and waits for a platform owner's acceptance.
 */
export function checkContract(meta: RemoteMetadata, shellContract: string | undefined, where: string, { newMajorWaitsForAcceptance = false } = {}): void {
  if (!shellContract) {
    throw new DeployError(
      DeployErrorCode.InvalidOption,
      `The ${where} does not say which @portal/platform contract its shell provides; publish the shell there or run portal-deploy init --shell-contract <version>.`,
    );
  }
  const lowestMajor = lowestContractMajor(meta.contract);
  const shellMajor = Number(shellContract.split('.')[0]);
  if (newMajorWaitsForAcceptance && lowestMajor !== null && lowestMajor > shellMajor) return;
  if (lowestMajor === null || !satisfies(shellContract, meta.contract)) {
    throw new DeployError(
      DeployErrorCode.ContractExcluded,
      `${meta.name} declares @portal/platform ${meta.contract}, which excludes ${shellContract}, the contract the shell of the ${where} provides; change "contract" in remote.json (and the code that needs it) or upgrade the shell first.`,
    );
  }
}

/**
 * Shared modules shells provide only since a later contract than 1.0.0, with that version
 * (shared/platform/src/version.ts): a remote consuming one must not admit an older shell.
 */
export const SHARED_SINCE: Readonly<Record<string, string>> = {
  '@portal/ui/form-controls': '1.4.0',
  '@portal/ui/tables': '1.4.0',
};

/**
 * The lowest contract the remote's range admits must provide every shared module its build
 * consumes (the manifest's `shared` lists what it consumes); otherwise a shell the range accepts
 * would mount it and fail when it asks for the module.
 */
export function checkContractCoversShared(meta: RemoteMetadata, distDir: string): void {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')));
  const lowest = validRange(meta.contract) === null ? null : minVersion(meta.contract);
  if (!lowest) return; // checkContract refuses a range that is not one.
  const newer = manifest.shared.filter(({ name }) => SHARED_SINCE[name] && lessThan(lowest, SHARED_SINCE[name]));
  if (newer.length === 0) return;
  const needed = newer.map(({ name }) => SHARED_SINCE[name]!).sort(compare).at(-1)!;
  throw new DeployError(
    DeployErrorCode.ContractBelowShared,
    `${meta.name} consumes ${newer.map(({ name }) => `${name} (contract ${SHARED_SINCE[name]})`).join(', ')} but declares @portal/platform ${meta.contract}, which admits ${lowest.version}, a shell without it; declare "contract": "^${needed}" in remote.json and build again.`,
  );
}

/** `./app` (and the background module remote.json declares) must be exposed, with their files in the build. */
export function checkExposes(meta: RemoteMetadata, distDir: string, files: readonly string[]): void {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')));
  const present = new Set(files);
  for (const required of ['./app', ...(meta.background ? [meta.background] : [])]) {
    const expose = manifest.exposes.find((e) => e.path === required);
    if (!expose) {
      const listed = manifest.exposes.map((e) => e.path).join(', ') || 'nothing';
      throw new DeployError(DeployErrorCode.MissingExpose, `${meta.name}'s mf-manifest.json does not expose ${required} (it exposes ${listed}); add it to "exposes" in remote.json and build again.`);
    }
    const missing = [...expose.assets.js.sync, ...expose.assets.js.async].filter((file) => !present.has(file));
    if (missing.length > 0) {
      throw new DeployError(DeployErrorCode.MissingExpose, `${meta.name}'s exposed module ${required} needs ${missing.join(', ')}, which the build does not hold; build again.`);
    }
  }
}
