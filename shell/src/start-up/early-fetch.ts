// The main script's side of the early requests: config.json and the registry, asked for by the
// page's first script (early-start.ts) before this script was even downloaded. The bootstrap reads
// and checks both as before; each early answer is used once, by the first read of its URL. A page
// without them (its first script did not run: a policy of the host's own that refuses inline
// script, say) simply asks again.
import { EARLY_REQUESTS_GLOBAL, type EarlyRequest, type EarlyRequests } from './early-requests.js';

export { CONFIG_URL, DEFAULT_REGISTRY_URL } from './early-requests.js';

function early(): Partial<EarlyRequests> {
  return ((globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] as EarlyRequests | undefined) ?? {};
}

async function take(request: EarlyRequest | null | undefined, url: string): Promise<Response | null> {
  if (!request || (await request.url) !== url) return null;
  return request.response;
}

/** The early answer for config.json at `url`, once; null when there is none (then fetch it). */
export async function takeEarlyConfig(url: string): Promise<Response | null> {
  const requests = early();
  const request = requests.config;
  requests.config = null;
  return take(request, url);
}

/** The early answer for the registry at `url` (absolute), once; null when there is none. */
export async function takeEarlyRegistry(url: string): Promise<Response | null> {
  const requests = early();
  const request = requests.registry;
  requests.registry = null;
  return take(request, url);
}
