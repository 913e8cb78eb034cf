// The shell's first script, an entry of its own that the page runs before its main script: it
// asks for config.json and the registry config.json names (on a return visit, both at once), so
// both requests are on their way while the main script (React, supabase-js, the platform: 165 KB)
// downloads and compiles, instead of starting once it has run. It leaves them for the main script
// (early-fetch.ts), which reads and checks both as if it had asked itself. Nothing here may import
// what the main script runs.
import { CONFIG_URL, DEFAULT_REGISTRY_URL, EARLY_REQUESTS_GLOBAL, REMEMBERED_REGISTRY_URL_KEY, type EarlyRequests } from './early-requests.js';

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

/** The registry URL config.json named on this browser's last visit, or null (none, or no storage). */
function rememberedRegistryUrl(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_REGISTRY_URL_KEY);
  } catch {
    return null;
  }
}

function rememberRegistryUrl(url: string): void {
  try {
    localStorage.setItem(REMEMBERED_REGISTRY_URL_KEY, url);
  } catch {
    // Without storage the next visit asks for the registry after config.json again.
  }
}

const configResponse = request(CONFIG_URL);
// A returning visitor's registry is most likely where it was: asked for now, it is used only if
// config.json names the same URL (otherwise the one named is asked for, as on a first visit).
const remembered = rememberedRegistryUrl();
const guessed = remembered ? request(remembered) : null;
const registryUrl = configResponse.then(registryUrlOf).catch(() => null);
const registryResponse = registryUrl.then((url) => {
  if (!url) return Promise.reject(new Error('no registry URL'));
  if (url === remembered && guessed) return guessed;
  rememberRegistryUrl(url);
  return request(url);
});
registryResponse.catch(() => undefined);

(globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] = {
  config: { url: Promise.resolve(CONFIG_URL), response: configResponse },
  registry: { url: registryUrl, response: registryResponse },
} satisfies EarlyRequests;
