// The registry contract (docs/architecture.md#the-registry-and-deploy), as the
// `@portal/platform/registry` subpath, which is NOT part of the shared singleton: the full schema
// (registry-schema.ts) with the helpers the shell's start-time check shares (registry-core.ts).
export * from './registry-schema.js';
export { chooseRelease, FILE_INTEGRITY_FIELD, RESERVED_ROUTES, resolveManifestUrls } from './registry-core.js';
