// The shell's first script, an entry of its own that the build writes into the page (so it runs as
// the parser reaches it, before the main script, with no round trip of its own): it
// asks for config.json and the registry config.json names (on a return visit, both at once), so
// both requests are on their way while the main script (React, supabase-js, the platform: 165 KB)
// downloads and compiles, instead of starting once it has run. It leaves them for the main script
// (early-fetch.ts), which reads and checks both as if it had asked itself: the registry is what the
// route's header is drawn from. It asks for nothing of a remote's: the federation runtime,
// single-spa and the opened release's files are asked for once that header is painted
// (federation/remote-code-gate.ts), so that on a slow link they do not share it with the main
// script (docs/architecture.md#the-page-header-of-a-remotes-route). Nothing here may import what
// the main script runs, so that this script stays about a kilobyte in every page. It also starts
// the worker that loads the locale's data for dates, numbers and sorting off the main thread.
import { CONFIG_URL, DEFAULT_REGISTRY_URL, EARLY_REQUESTS_GLOBAL, REMEMBERED_REGISTRY_URL_KEY, type EarlyRequests } from './early-requests.js';
import { warmUpLocaleData } from './locale-warm-up.js';

/** A request whose failure is reported to the one who takes it, never as an unhandled rejection. */
function request(url: string): Promise<Response> {
  const response = fetch(url, { cache: 'no-store' });
  response.catch(() => undefined);
  return response;
}

/** config.json's body: null when there is none (404: the defaults apply); a failure otherwise. */
async function configBodyOf(configResponse: Response): Promise<unknown> {
  if (configResponse.status === 404) return null;
  if (!configResponse.ok) throw new Error(`config.json answered ${configResponse.status}`);
  return (await configResponse.clone().json()) as unknown;
}

/** The registry's absolute URL as config.json names it (resolved as runtime-config.ts resolves it), or null. */
function registryUrlOf(config: unknown): string | null {
  const named = typeof config === 'object' && config !== null && 'registryUrl' in config ? config.registryUrl : DEFAULT_REGISTRY_URL;
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
const configBody = configResponse.then(configBodyOf);
const registryUrl = configBody.then(registryUrlOf).catch(() => null);
const registryResponse = registryUrl.then((url) => {
  if (!url) return Promise.reject(new Error('no registry URL'));
  if (url === remembered && guessed) return guessed;
  rememberRegistryUrl(url);
  return request(url);
});
registryResponse.catch(() => undefined);
// Once both requests are on their way: the locale's data, loaded in a worker (locale-warm-up.ts).
warmUpLocaleData();

(globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] = {
  config: { url: Promise.resolve(CONFIG_URL), response: configResponse },
  registry: { url: registryUrl, response: registryResponse },
} satisfies EarlyRequests;
