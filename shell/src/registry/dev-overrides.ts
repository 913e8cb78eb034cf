// Dev overrides: a developer runs one remote of a portal from a dev server on their own machine
// instead of the registry's release, in this browser until cleared. The override's code runs with
// the portal's origin and the person's session, so it comes only from a deliberate act: the
// overrides panel (chrome/DevOverridesPanel.tsx) or the console (`portalDevOverrides.set`). A link
// (`?override=data@http://127.0.0.1:3102/mf-manifest.json`) applies and stores nothing: it only
// fills in the panel, which asks. Only where config.json allows it (`devOverrides: true`), and only
// from the dev servers it lists (`devOrigins`), never from the Supabase API's origin (a stored file
// there, under a signed URL, is anyone's upload). docs/architecture.md#the-registry-and-deploy
import { createExternalStore, PortalError, PortalErrorCode } from '@portal/platform';

/** Where this browser keeps a developer's overrides, and the URL parameter that asks for one (and sets nothing). */
export const OVERRIDES_STORAGE_KEY = 'portal.devOverrides';
export const OVERRIDE_PARAM = 'override';

const NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** What an override is checked against: the environment's word (config.json) and its registry. */
export interface OverridePolicy {
  /** config.json `devOverrides`. */
  allowed: boolean;
  /** config.json `devOrigins`: the dev servers overrides may load from. */
  devOrigins: readonly string[];
  /** The Supabase API's origin (config.json `supabaseUrl`): never a dev server. */
  apiOrigin: string;
  /**
   * The remotes of the registry. Another name is a remote the registry does not know yet: it runs
   * "in development", on the route its dev server's remote.json names (dev-remotes.ts).
   */
  knownRemotes: ReadonlySet<string>;
}

const refuse = (why: string) =>
  new PortalError(PortalErrorCode.OverrideRefused, why, { step: 'override' });

/**
 * The manifest URL `remote` may be overridden with under `policy`, or a refusal (PORTAL-009) that
 * says what is wrong in words.
 */
export function checkOverride(remote: string, manifestUrl: string, policy: OverridePolicy): string {
  if (!policy.allowed)
    throw refuse(
      `Dev overrides are not allowed in this environment, so ${remote} runs the registry's release.`,
    );
  if (!NAME.test(remote))
    throw refuse(`"${remote}" is not a remote's name (lower-case letters, digits and _).`);
  if (!URL.canParse(manifestUrl))
    throw refuse(
      `"${manifestUrl}" is not a URL; write the dev server's manifest, such as http://127.0.0.1:3102/mf-manifest.json.`,
    );
  const url = new URL(manifestUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse(`${manifestUrl} is not an http(s) URL.`);
  if (url.origin === policy.apiOrigin) {
    throw refuse(
      `${url.origin} is the Supabase API: what it serves (a stored file, a signed URL) is people's uploads, never a remote's code.`,
    );
  }
  if (!policy.devOrigins.includes(url.origin)) {
    const listed = policy.devOrigins.filter((origin) => origin !== policy.apiOrigin);
    throw refuse(
      `${url.origin} is not one of this environment's dev servers (${listed.join(', ') || 'none listed'}, config.json devOrigins); an override runs only from those.`,
    );
  }
  if (!url.pathname.endsWith('/mf-manifest.json'))
    throw refuse(`${manifestUrl} is not a remote's mf-manifest.json.`);
  // A name the registry does not know is a remote in development, not in the registry yet: its
  // route and title come from the dev server's remote.json (dev-remotes.ts).
  return url.href;
}

/** An override a link asked for: shown in the panel, applied only once the person confirms it. */
export interface AskedOverride {
  remote: string;
  manifestUrl: string;
  /** Why it cannot be confirmed (not a dev server, the API…), or null. */
  refusal: string | null;
}

export interface DevOverrides {
  policy: OverridePolicy;
  /** Remote name → manifest URL, as they apply to this page. */
  active: ReadonlyMap<string, string>;
  /** Why overrides were not applied (not allowed here, no longer a dev server, an unknown remote). */
  refusals: string[];
  /** What a link asked for, until the person confirms or dismisses it. */
  asked: AskedOverride | null;
}

const NOTHING: OverridePolicy = {
  allowed: false,
  devOrigins: [],
  apiOrigin: '',
  knownRemotes: new Set(),
};

/** The overrides of this page, for the chrome's banner and panel. */
export const devOverrideState = createExternalStore<DevOverrides>({
  policy: NOTHING,
  active: new Map(),
  refusals: [],
  asked: null,
});

function readStored(storage: Storage): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage.getItem(OVERRIDES_STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function writeStored(storage: Storage, overrides: ReadonlyMap<string, string>): void {
  if (overrides.size > 0)
    storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(Object.fromEntries(overrides)));
  else storage.removeItem(OVERRIDES_STORAGE_KEY);
}

/** Reads one `name@url` a link carries; the URL is everything after the first @. */
function readAsked(value: string, policy: OverridePolicy): AskedOverride {
  const at = value.indexOf('@');
  const remote = at < 0 ? value : value.slice(0, at);
  const manifestUrl = at < 0 ? '' : value.slice(at + 1);
  try {
    return { remote, manifestUrl: checkOverride(remote, manifestUrl, policy), refusal: null };
  } catch (error) {
    return { remote, manifestUrl, refusal: (error as Error).message };
  }
}

/**
 * The overrides for this page: those this browser stored by a deliberate act, each checked again
 * (one no longer allowed is forgotten, and said so). `?override=` is taken out of the address and
 * only becomes `asked`: nothing of it loads or is stored.
 */
export function resolveDevOverrides({
  policy,
  storage = localStorage,
  location: at = window.location,
}: {
  policy: OverridePolicy;
  storage?: Storage;
  location?: Location;
}): DevOverrides {
  const url = new URL(at.href);
  const links = url.searchParams.getAll(OVERRIDE_PARAM);
  if (links.length > 0) {
    url.searchParams.delete(OVERRIDE_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const refusals: string[] = [];
  let asked: AskedOverride | null = null;
  if (links.length > 0) {
    if (!policy.allowed)
      refusals.push(
        `Dev overrides are not allowed in this environment; the link's ${links.join(', ')} was ignored.`,
      );
    else asked = readAsked(links[0]!, policy);
    if (policy.allowed && links.length > 1)
      refusals.push(
        `A link may ask for one override at a time; ${links.slice(1).join(', ')} was ignored.`,
      );
  }
  const active = new Map<string, string>();
  if (policy.allowed) {
    for (const [remote, manifestUrl] of Object.entries(readStored(storage))) {
      try {
        active.set(remote, checkOverride(remote, String(manifestUrl), policy));
      } catch (error) {
        refusals.push(
          `The override of ${remote} stored in this browser was forgotten: ${(error as Error).message}`,
        );
      }
    }
  }
  writeStored(storage, active);
  return { policy, active, refusals, asked };
}

/**
 * Stores an override after the person asked for it (the panel's confirmation, the console call).
 * It applies from the next page load, as every override does: the registry's release may already
 * run in this one. Returns the manifest URL stored; throws the refusal.
 */
export function saveDevOverride(
  remote: string,
  manifestUrl: string,
  storage: Storage = localStorage,
): string {
  const { policy } = devOverrideState.get();
  const checked = checkOverride(remote, manifestUrl, policy);
  const stored = new Map(
    Object.entries(readStored(storage)).map(([name, url]) => [name, String(url)]),
  );
  stored.set(remote, checked);
  writeStored(storage, stored);
  return checked;
}

/** Forgets one remote's override, or every override of this browser; applies from the next page load. */
export function clearDevOverrides(remote?: string, storage: Storage = localStorage): void {
  if (remote === undefined) return storage.removeItem(OVERRIDES_STORAGE_KEY);
  const stored = new Map(
    Object.entries(readStored(storage)).map(([name, url]) => [name, String(url)]),
  );
  stored.delete(remote);
  writeStored(storage, stored);
}

/** The person dismissed what a link asked for. */
export function dismissAskedOverride(): void {
  devOverrideState.set({ ...devOverrideState.get(), asked: null });
}

/** The console's way to the same acts as the panel: `portalDevOverrides.set('data', url)`. */
export interface DevOverrideConsole {
  /** The dev servers overrides may load from (config.json `devOrigins`). */
  readonly origins: readonly string[];
  /** The overrides stored in this browser. */
  list(): Record<string, string>;
  /** Runs `remote` from `manifestUrl` from the next page load, with this session. Throws the refusal. */
  set(remote: string, manifestUrl: string): string;
  /** Forgets `remote`'s override, or every one. */
  clear(remote?: string): string;
}

export const CONSOLE_NAME = 'portalDevOverrides';

/** Puts `portalDevOverrides` on the page, where the environment allows overrides. */
export function installDevOverrideConsole(
  target: object = globalThis,
  storage: Storage = localStorage,
): DevOverrideConsole {
  const api: DevOverrideConsole = {
    get origins() {
      const { policy } = devOverrideState.get();
      return policy.devOrigins.filter((origin) => origin !== policy.apiOrigin);
    },
    list: () =>
      Object.fromEntries(
        Object.entries(readStored(storage)).map(([name, url]) => [name, String(url)]),
      ),
    set(remote, manifestUrl) {
      const stored = saveDevOverride(remote, manifestUrl, storage);
      return `${remote} will run from ${stored}, with your session, from the next page load: reload the page (location.reload()).`;
    },
    clear(remote) {
      clearDevOverrides(remote, storage);
      return `${remote === undefined ? 'Every override was' : `The override of ${remote} was`} forgotten: reload the page for the registry's release.`;
    },
  };
  Object.defineProperty(target, CONSOLE_NAME, { value: Object.freeze(api), configurable: true });
  return api;
}
