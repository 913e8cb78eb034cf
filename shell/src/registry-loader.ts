import { PortalError, PortalErrorCode, describeError } from '@portal/platform';
import { parseRegistry, type Registry } from '@portal/platform/registry';

/** Fetches registry.json without any cache (a registry swap must show on the next load). */
export async function loadRegistry(url: string): Promise<Registry> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (error) {
    throw new PortalError(PortalErrorCode.RegistryUnavailable, `The registry at ${url} could not be reached: ${describeError(error)}.`, {
      step: 'fetch registry',
      cause: error,
    });
  }
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
  return parseRegistry(body);
}
