// The registry's rules that both of its checks apply: the shell's reserved routes, the patterns of
// names, routes, hashes and paths, and what a manifest URL must be. The shell's start-time check
// (registry-core.ts, no schema library) and the full schema deploy applies (registry-schema.ts,
// zod) are both built from these, so the two cannot drift apart.

/** Routes the shell keeps for itself. */
export const RESERVED_ROUTES = ['/', '/status'] as const;

/**
 * What deploy adds to each release's mf-manifest.json: the Subresource Integrity hash of every
 * script and style sheet of the release, by its path inside the release folder. The registry's
 * hash of the manifest therefore vouches for every file a browser runs from that release.
 */
export const FILE_INTEGRITY_FIELD = 'portalFileIntegrity';

export const REMOTE_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const ROUTE = /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
export const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
export const BACKGROUND_MODULE = /^\.\/[a-z][a-z0-9-]{0,39}$/;
export const RELEASE_FILE = /^[\w.-]+(\/[\w.-]+)*$/;
export const GLOBAL_NAME = /^[A-Za-z_$][\w$]*$/;
/** A share key: a package name or a subpath of one (`react`, `@portal/ui/forms`). */
export const SHARE_KEY = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/;

/** A base for checking relative references only; nothing is ever fetched from it. */
const CHECK_BASE = 'http://registry.invalid/environment/registry.json';
const hasScheme = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value);

/** The manifest URL rules, in order: what a URL must pass, and what is wrong when it does not. */
export const MANIFEST_URL_RULES: ReadonlyArray<readonly [check: (value: string) => boolean, problem: string]> = [
  [(value) => value.length >= 1, 'must not be empty'],
  [(value) => !hasScheme(value) || /^https?:\/\//i.test(value), 'must be an http(s) URL or a path relative to the registry'],
  // `//host/…` (and `\\host`, `/\\host`, which URL parsers read the same way) would leave the registry's host.
  [(value) => hasScheme(value) || !URL.canParse(value, CHECK_BASE) || new URL(value, CHECK_BASE).host === new URL(CHECK_BASE).host, 'must not be scheme-relative (//host/…)'],
  [(value) => URL.canParse(value, CHECK_BASE) && new URL(value, CHECK_BASE).pathname.endsWith('/mf-manifest.json'), 'must point at an mf-manifest.json'],
];
