// What the shell's first script (early-start.ts, an entry of its own, a few hundred bytes) and its
// main script agree on: where the early answers are left, and the URLs asked for.

export const CONFIG_URL = '/config.json';
/** Where the registry is when config.json does not say (the emulator's local stack). */
export const DEFAULT_REGISTRY_URL = '/registry.json';

/**
 * Where the first script keeps the registry URL config.json named last time (localStorage), so a
 * returning visitor's registry request goes out beside config.json's instead of after it.
 */
export const REMEMBERED_REGISTRY_URL_KEY = 'portal:registry-url';

/** The global the first script leaves its requests on, for the main script to take. */
export const EARLY_REQUESTS_GLOBAL = '__PORTAL_EARLY_REQUESTS__';

export interface EarlyRequest {
  /** The absolute URL asked for, or null when there was none to ask (config.json failed or named none). */
  url: Promise<string | null>;
  response: Promise<Response>;
}

export interface EarlyRequests {
  config: EarlyRequest | null;
  registry: EarlyRequest | null;
}
