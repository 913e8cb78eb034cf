import { PortalError, PortalErrorCode, describeError } from '@portal/platform';
import type { Registry } from '@portal/platform/registry';
import { registryShapeProblem, resolveManifestUrls } from '@portal/platform/registry-core';
import { takeEarlyRegistry } from '../start-up/early-fetch.js';
import { failedUnanswered } from '../chrome/failure-words.js';

export interface FetchedRegistry {
  /** Manifest URLs resolved against the registry's URL (relative ones are allowed in the file). */
  registry: Registry;
  /** The validator the server gave it, for the next check (null when it sent none). */
  etag: string | null;
}

/** Fetches the registry (no cache), manifest URLs resolved against `url`. */
export async function loadRegistry(url: string): Promise<Registry> {
  const fetched = await fetchRegistry(url, null);
  if (fetched === 'unchanged') throw new Error('unreachable: an unconditional request cannot be answered unchanged');
  return fetched.registry;
}

/**
 * Fetches the registry, bypassing the browser's cache (a registry swap must show on the next
 * load). With the ETag of the copy already held, the server answers 304 with no body when
 * nothing changed, and this returns 'unchanged'.
 */
export async function fetchRegistry(url: string, etag: string | null): Promise<FetchedRegistry | 'unchanged'> {
  let response: Response;
  try {
    // `no-store` keeps the browser out of the exchange: the If-None-Match is ours, and so is the 304.
    // The first read takes the answer the entry asked for early (early-fetch.ts).
    response = (etag ? null : await takeEarlyRegistry(url)) ?? (await fetch(url, { cache: 'no-store', ...(etag ? { headers: { 'if-none-match': etag } } : {}) }));
  } catch (error) {
    const why = failedUnanswered(error) ? 'its server did not answer (it may be stopped, or the network is down)' : describeError(error);
    throw new PortalError(PortalErrorCode.RegistryUnavailable, `The registry at ${url} could not be reached: ${why}.`, {
      step: 'fetch registry',
      cause: error,
    });
  }
  if (response.status === 304 && etag) return 'unchanged';
  if (!response.ok) {
    throw new PortalError(PortalErrorCode.RegistryUnavailable, `The registry at ${url} answered ${response.status} ${response.statusText}.`, {
      step: 'fetch registry',
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new PortalError(PortalErrorCode.RegistryInvalid, `The registry at ${url} is not JSON.`, { step: 'parse registry', cause: error });
  }
  return { registry: resolveManifestUrls(await checkRegistry(body), url), etag: response.headers.get('etag') };
}

/**
 * The registry if its shape is one this shell runs. Deploy validated it with the full schema when
 * it published it; a document that fails the shape check (a hand edit, a newer schema) loads that
 * schema, which refuses it with every wrong field and why (PORTAL-003), as at publish.
 */
async function checkRegistry(body: unknown): Promise<Registry> {
  const problem = registryShapeProblem(body);
  if (problem === null) return body as Registry;
  const { parseRegistry } = await import('./registry-validation.js');
  // The shape check holds only rules of the full schema, so this throws; its message is the one to show.
  parseRegistry(body);
  throw new PortalError(PortalErrorCode.RegistryInvalid, `The registry is invalid: ${problem}.`, { step: 'validate registry' });
}
