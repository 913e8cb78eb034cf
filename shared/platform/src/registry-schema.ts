// The registry's full schema (docs/architecture.md#the-registry-and-deploy): written by deploy/,
// read by the shell. Kept beside the platform contract so both sides validate the same shape;
// imported through the `@portal/platform/registry` subpath (registry.ts), which is NOT part of
// the shared singleton.
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import validVersion from 'semver/functions/valid.js';
// zod/mini: the same schemas with functions instead of methods. Deploy applies this schema to every
// registry it publishes; the shell checks a registry's shape at start with registry-core.ts (no
// schema library), built from the same patterns and URL rules (registry-rules.ts), and loads this module
// only to say what is wrong with a registry that check refused.
import { z } from 'zod/mini';
import { PortalError, PortalErrorCode } from './errors.js';
import { BACKGROUND_MODULE, GLOBAL_NAME, INTEGRITY, MANIFEST_URL_RULES, RELEASE_FILE, REMOTE_NAME, RESERVED_ROUTES, ROUTE } from './registry-rules.js';

const remoteName = z
  .string()
  .check(z.regex(REMOTE_NAME, 'must start with a lower-case letter and hold only lower-case letters, digits and _ (it is a Module Federation container name)'));

const route = z.string().check(
  z.regex(ROUTE, 'must be a path such as /account (lower case, no trailing slash)'),
  z.refine((value) => !(RESERVED_ROUTES as readonly string[]).includes(value), 'is reserved by the shell'),
);

const version = z.string().check(z.refine((value) => validVersion(value) !== null, 'must be a semantic version such as 1.2.0 or 1.2.0+3f2a9c1d'));

/**
 * An absolute http(s) URL, or a reference relative to the registry's own URL (`remotes/data/1.0.0+3f2a9c1d/mf-manifest.json`),
 * so an environment can be moved or mirrored without rewriting it (the shell resolves it with
 * `resolveManifestUrls`). A scheme-relative `//host/…` is refused: it would leave the environment's hosts.
 */
const manifestUrl = z.string().check(...MANIFEST_URL_RULES.map(([check, problem]) => z.refine<string>(check, problem)));

const integrity = z.string().check(z.regex(INTEGRITY, 'must be a Subresource Integrity hash such as sha384-…'));

/** A manifest's `portalFileIntegrity` (FILE_INTEGRITY_FIELD): file path → Subresource Integrity hash. */
export const fileIntegritySchema = z.record(z.string().check(z.minLength(1)), integrity);
export type FileIntegrity = z.infer<typeof fileIntegritySchema>;

/** A file of a release, by its path inside the release folder (no `..`, no scheme, no `//`). */
const releaseFile = z.string().check(z.regex(RELEASE_FILE, 'must be a path inside the release folder such as remoteEntry.js'), z.refine((value) => !value.split('/').includes('..'), 'must not leave the release folder'));

/**
 * What deploy copies from a release's manifest into the registry, so the shell loads the release
 * without reading its manifest first: the entry, the first files of `./app` (fetched beside the
 * entry), and their hashes (the registry vouches for them as it does for the manifest). Paths are
 * relative to the manifest's folder.
 */
export const releaseFilesSchema = z.object({
  entry: releaseFile,
  globalName: z.string().check(z.regex(GLOBAL_NAME, 'must be a JavaScript identifier')),
  app: z.array(releaseFile),
  integrity: z.record(releaseFile, integrity),
  /** The shared modules `./app`'s first chunks consume (share keys): the shell asks for them beside the entry. */
  shared: z.optional(z.array(z.string().check(z.regex(/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/, 'must be a package name or subpath such as @portal/ui/forms')))),
});

/**
 * What the build adds to a remote's mf-manifest.json (the remote build preset, @portal/deploy/rspack): per exposed module, the
 * shared modules its first chunks consume.
 */
export const EXPOSE_SHARED_FIELD = 'portalExposeShared';
export type ReleaseFiles = z.infer<typeof releaseFilesSchema>;

export const releaseSchema = z.object({ version, manifest: manifestUrl, integrity, files: z.optional(releaseFilesSchema) });
export type Release = z.infer<typeof releaseSchema>;

export const canarySchema = z.extend(releaseSchema, {
  percentage: z.number().check(z.gte(0, 'must be 0 to 100'), z.lte(100, 'must be 0 to 100')),
});
export type Canary = z.infer<typeof canarySchema>;

export const registryEntrySchema = z.extend(releaseSchema, {
  title: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(60, 'must be at most 60 characters')),
  route,
  icon: z.optional(z.string().check(z.maxLength(40, 'must be at most 40 characters'))),
  description: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
  contract: z.string().check(z.refine((value) => validRange(value) !== null, 'must be a semver range such as ^1.0.0')),
  auth: z.enum(['none', 'aal1', 'aal2'], 'must be none, aal1 or aal2'),
  /** The name of an exposed module the shell runs while the person may use the remote (contract 1.2). */
  background: z.optional(z.string().check(z.regex(BACKGROUND_MODULE, 'must name an exposed module such as ./background'))),
  canary: z.optional(canarySchema),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySchema = z
  .object({
    schemaVersion: z.literal(1, 'must be 1 (this shell reads registry schema version 1)'),
    environment: z.string().check(z.minLength(1, 'must not be empty')),
    updatedAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }),
    // Names are checked below rather than as record keys, so a bad name and bad fields are all
    // reported at once (zod stops at an invalid record key).
    remotes: z.record(z.string(), registryEntrySchema),
  })
  .check(z.superRefine((registry, context) => {
    const owners = new Map<string, string>();
    for (const [name, entry] of Object.entries(registry.remotes)) {
      const named = remoteName.safeParse(name);
      if (!named.success) context.addIssue({ code: 'custom', path: ['remotes', name], message: `name ${named.error.issues[0]?.message}` });
      const owner = owners.get(entry.route);
      if (owner) context.addIssue({ code: 'custom', path: ['remotes', name, 'route'], message: `is already used by the remote "${owner}"` });
      owners.set(entry.route, name);
    }
  }));
export type Registry = z.infer<typeof registrySchema>;

/**
 * zod/mini carries no locale: a check without a message of its own says "Invalid input", so the
 * issue's own facts are put in words here.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  if (issue.code === 'invalid_type') return `must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
  if (issue.code === 'invalid_value') return `must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  return issue.message;
}

export function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'} ${describeIssue(issue)}`).join('; ');
}

/** Validates a registry document; the error lists each wrong field and why. */
export function parseRegistry(value: unknown): Registry {
  const result = registrySchema.safeParse(value);
  if (!result.success) {
    throw new PortalError(PortalErrorCode.RegistryInvalid, `The registry is invalid: ${describeIssues(result.error)}.`, { step: 'validate registry' });
  }
  return result.data;
}

/** True when the shell's contract version satisfies the range the remote asks for. */
export function contractSatisfied(contractVersion: string, range: string): boolean {
  return satisfies(contractVersion, range);
}
