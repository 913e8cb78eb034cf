// Dev overrides: a developer points one remote of a deployed portal at a build on their own
// machine (`?override=data@http://127.0.0.1:3102/mf-manifest.json`), remembered in this browser
// until cleared. Only where the environment's config.json allows it (`devOverrides: true`), and
// only towards this machine (loopback hosts): a link cannot make someone else's portal run code
// from the internet.
import { createExternalStore, PortalError, PortalErrorCode } from '@portal/platform';
import { OVERRIDE_PARAM, OVERRIDES_STORAGE_KEY } from './early-requests.js';

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Checks one `name@url` override; the error says what is wrong with it. */
export function parseOverride(value: string): [name: string, manifestUrl: string] {
  const at = value.indexOf('@');
  const name = at < 0 ? value : value.slice(0, at);
  const url = at < 0 ? '' : value.slice(at + 1);
  const refuse = (why: string) => new PortalError(PortalErrorCode.OverrideRefused, `The override "${value}" ${why}.`, { step: 'override' });
  if (!NAME.test(name)) throw refuse('does not start with a remote name (write name@http://127.0.0.1:PORT/mf-manifest.json)');
  if (!URL.canParse(url)) throw refuse('has no URL after the @');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse('is not an http(s) URL');
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) throw refuse(`points at ${parsed.host}; overrides load only from this machine (127.0.0.1, localhost)`);
  if (!parsed.pathname.endsWith('/mf-manifest.json')) throw refuse('does not point at an mf-manifest.json');
  return [name, parsed.href];
}

export interface DevOverrides {
  /** Remote name → manifest URL, as they apply to this page. */
  active: ReadonlyMap<string, string>;
  /** Why overrides asked for were not applied (not allowed here, a bad URL, an unknown remote). */
  refusals: string[];
}

/** The overrides of this page, for the chrome's banner. */
export const devOverrideState = createExternalStore<DevOverrides>({ active: new Map(), refusals: [] });

function readStored(storage: Storage): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage.getItem(OVERRIDES_STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The overrides for this page: the stored ones plus those in the address (which are then stored
 * and taken out of the address, so a shared link does not carry them on).
 */
export function resolveDevOverrides({ allowed, knownRemotes, storage = localStorage, location: at = window.location }: {
  allowed: boolean;
  knownRemotes: ReadonlySet<string>;
  storage?: Storage;
  location?: Location;
}): DevOverrides {
  const url = new URL(at.href);
  const asked = url.searchParams.getAll(OVERRIDE_PARAM);
  if (asked.length > 0) {
    url.searchParams.delete(OVERRIDE_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const refusals: string[] = [];
  if (!allowed) {
    if (asked.length > 0) refusals.push(`Dev overrides are not allowed in this environment; ${asked.join(', ')} was ignored.`);
    storage.removeItem(OVERRIDES_STORAGE_KEY);
    return { active: new Map(), refusals };
  }
  const wanted = new Map(Object.entries(readStored(storage)));
  for (const value of asked) {
    try {
      const [name, manifestUrl] = parseOverride(value);
      wanted.set(name, manifestUrl);
    } catch (error) {
      refusals.push((error as Error).message);
    }
  }
  const active = new Map<string, string>();
  for (const [name, manifestUrl] of wanted) {
    try {
      if (!knownRemotes.has(name)) throw new PortalError(PortalErrorCode.OverrideRefused, `The override of "${name}" names no remote of this portal's registry.`, { step: 'override' });
      active.set(name, parseOverride(`${name}@${manifestUrl}`)[1]);
    } catch (error) {
      refusals.push((error as Error).message);
    }
  }
  if (active.size > 0) storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(Object.fromEntries(active)));
  else storage.removeItem(OVERRIDES_STORAGE_KEY);
  return { active, refusals };
}

/** Forgets every override of this browser (the banner's "Clear"). */
export function clearDevOverrides(storage: Storage = localStorage): void {
  storage.removeItem(OVERRIDES_STORAGE_KEY);
}
