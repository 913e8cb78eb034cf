// What the shell needs of the registry at start, without a schema library: the shell's reserved
// routes, which release a browser gets, manifest URLs made absolute, and a check of the
// document's shape. Imported through the `@portal/platform/registry-core` subpath.
//
// The full schema (`@portal/platform/registry`, zod) is applied where a registry is written:
// deploy validates every registry it publishes. A browser checks here what it relies on (the
// fields it reads, their types, and every rule about names, routes, URLs, paths and hashes); it
// leaves to publish time what needs a library (semantic versions and ranges, the timestamp's
// format). Only a registry this check refuses loads the full schema, which then says what is
// wrong, field by field (`shell/src/registry/registry-loader.ts`). Every rule here is one of the full
// schema's, so this check never refuses what the schema accepts (`registry-core.test.ts`).
import type { FileIntegrity, Registry, RegistryEntry, Release } from './registry-schema.js';
import { BACKGROUND_MODULE, GLOBAL_NAME, INTEGRITY, MANIFEST_URL_RULES, RELEASE_FILE, REMOTE_NAME, RESERVED_ROUTES, ROUTE, SHARE_KEY } from './registry-rules.js';

// Everything the subpath exported before the rules had a file of their own.
export { BACKGROUND_MODULE, FILE_INTEGRITY_FIELD, GLOBAL_NAME, INTEGRITY, MANIFEST_URL_RULES, RELEASE_FILE, REMOTE_NAME, RESERVED_ROUTES, ROUTE, SHARE_KEY } from './registry-rules.js';

/** A release file path inside its folder: the pattern, and no `..` segment. */
export const isReleaseFile = (value: unknown): boolean => typeof value === 'string' && RELEASE_FILE.test(value) && !value.split('/').includes('..');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const stringWithin = (min: number, max: number) => (value: unknown) => isString(value) && value.length >= min && value.length <= max;
const matches = (pattern: RegExp) => (value: unknown) => isString(value) && pattern.test(value);

/** The `portalFileIntegrity` of a manifest: file path → Subresource Integrity hash. */
export function isFileIntegrity(value: unknown): value is FileIntegrity {
  return isObject(value) && Object.entries(value).every(([file, hash]) => file.length >= 1 && matches(INTEGRITY)(hash));
}

const isManifestUrl = (value: unknown) => isString(value) && MANIFEST_URL_RULES.every(([check]) => check(value));

const isReleaseFiles = (value: unknown) =>
  isObject(value) &&
  isReleaseFile(value.entry) &&
  matches(GLOBAL_NAME)(value.globalName) &&
  Array.isArray(value.app) &&
  value.app.every(isReleaseFile) &&
  isObject(value.integrity) &&
  Object.entries(value.integrity).every(([file, hash]) => isReleaseFile(file) && matches(INTEGRITY)(hash)) &&
  optional(value.shared, (shared) => Array.isArray(shared) && shared.every(matches(SHARE_KEY)));

/** version (a string here; a semantic version at publish), manifest, integrity, files. */
const isRelease = (value: Record<string, unknown>) =>
  isString(value.version) && isManifestUrl(value.manifest) && matches(INTEGRITY)(value.integrity) && optional(value.files, isReleaseFiles);

function entryProblem(entry: unknown): string | null {
  if (!isObject(entry)) return 'is not an object';
  if (!isRelease(entry)) return 'has a wrong version, manifest, integrity or files';
  if (!stringWithin(1, 60)(entry.title)) return 'has a wrong title';
  if (!matches(ROUTE)(entry.route) || (RESERVED_ROUTES as readonly unknown[]).includes(entry.route)) return 'has a wrong route';
  if (!optional(entry.icon, stringWithin(0, 40)) || !optional(entry.description, stringWithin(0, 200))) return 'has a wrong icon or description';
  if (!isString(entry.contract)) return 'has no contract';
  if (!['none', 'aal1', 'aal2'].includes(entry.auth as string)) return 'has a wrong auth level';
  if (!optional(entry.background, matches(BACKGROUND_MODULE))) return 'has a wrong background module';
  const { canary } = entry;
  if (canary !== undefined && !(isObject(canary) && isRelease(canary) && typeof canary.percentage === 'number' && canary.percentage >= 0 && canary.percentage <= 100)) return 'has a wrong canary';
  return null;
}

/**
 * Why `value` is not a registry this shell can run, in short; null when its shape is right.
 * (The full schema's message is the one to show: see the module's comment.)
 */
export function registryShapeProblem(value: unknown): string | null {
  if (!isObject(value)) return 'it is not an object';
  if (value.schemaVersion !== 1) return 'schemaVersion is not 1';
  if (!stringWithin(1, Infinity)(value.environment) || !isString(value.updatedAt)) return 'environment or updatedAt is missing';
  if (!isObject(value.remotes)) return 'remotes is not an object';
  const routes = new Set<unknown>();
  for (const [name, entry] of Object.entries(value.remotes)) {
    if (!REMOTE_NAME.test(name)) return `the remote name "${name}" is not a container name`;
    const problem = entryProblem(entry);
    if (problem) return `the remote "${name}" ${problem}`;
    const { route } = entry as RegistryEntry;
    if (routes.has(route)) return `the route ${route} is used twice`;
    routes.add(route);
  }
  return null;
}

/**
 * The registry with every manifest URL absolute: relative ones resolved against the URL the
 * registry was fetched from (absolute ones unchanged).
 */
export function resolveManifestUrls(registry: Registry, registryUrl: string): Registry {
  const resolve = (manifest: string) => new URL(manifest, registryUrl).href;
  const remotes: Registry['remotes'] = {};
  for (const [name, entry] of Object.entries(registry.remotes)) {
    remotes[name] = {
      ...entry,
      manifest: resolve(entry.manifest),
      ...(entry.canary ? { canary: { ...entry.canary, manifest: resolve(entry.canary.manifest) } } : {}),
    };
  }
  return { ...registry, remotes };
}

/**
 * Which release this browser gets: the canary when its stable bucket (0 ≤ bucket < 100) falls
 * under the canary's percentage, the stable release otherwise.
 */
export function chooseRelease(entry: RegistryEntry, bucket: number): Release & { canary: boolean } {
  if (entry.canary && bucket < entry.canary.percentage) {
    const { version: v, manifest, integrity: i, files } = entry.canary;
    return { version: v, manifest, integrity: i, ...(files ? { files } : {}), canary: true };
  }
  return { version: entry.version, manifest: entry.manifest, integrity: entry.integrity, ...(entry.files ? { files: entry.files } : {}), canary: false };
}
