// The shell's first two requests, started first thing in its entry (early-start.ts), before the
// rest of the start (React, supabase-js, the platform) is evaluated: config.json, and the
// registry it names. The bootstrap reads and checks both as before; this only moves the requests
// earlier, so they no longer wait for the code. Each early answer is used once, by the first read
// of its URL.

export const CONFIG_URL = '/config.json';
/** Where the registry is when config.json does not say (the emulator's local stack). */
export const DEFAULT_REGISTRY_URL = '/registry.json';

interface EarlyRequest {
  url: Promise<string | null>;
  response: Promise<Response>;
}

let config: EarlyRequest | null = null;
let registry: EarlyRequest | null = null;

/** A request whose failure is reported to the one who takes it, never as an unhandled rejection. */
function request(url: string): Promise<Response> {
  const response = fetch(url, { cache: 'no-store' });
  response.catch(() => undefined);
  return response;
}

/** The registry's absolute URL as config.json names it (resolved as runtime-config.ts resolves it), or null. */
async function registryUrlOf(configResponse: Response): Promise<string | null> {
  if (configResponse.status !== 404 && !configResponse.ok) return null;
  let named: unknown = DEFAULT_REGISTRY_URL;
  if (configResponse.ok) {
    const body: unknown = await configResponse.clone().json();
    named = typeof body === 'object' && body !== null && 'registryUrl' in body ? body.registryUrl : DEFAULT_REGISTRY_URL;
  }
  return typeof named === 'string' && named !== '' ? new URL(named, new URL(CONFIG_URL, location.href)).href : null;
}

export function startEarlyRequests(): void {
  const configResponse = request(CONFIG_URL);
  config = { url: Promise.resolve(CONFIG_URL), response: configResponse };
  const registryUrl = configResponse.then(registryUrlOf).catch(() => null);
  const registryResponse = registryUrl.then((url) => (url ? request(url) : Promise.reject(new Error('no registry URL'))));
  registryResponse.catch(() => undefined);
  registry = { url: registryUrl, response: registryResponse };
}

async function take(early: EarlyRequest | null, url: string): Promise<Response | null> {
  if (!early || (await early.url) !== url) return null;
  return early.response;
}

/** The early answer for config.json at `url`, once; null when there is none (then fetch it). */
export async function takeEarlyConfig(url: string): Promise<Response | null> {
  const early = config;
  config = null;
  return take(early, url);
}

/** The early answer for the registry at `url` (absolute), once; null when there is none. */
export async function takeEarlyRegistry(url: string): Promise<Response | null> {
  const early = registry;
  registry = null;
  return take(early, url);
}
