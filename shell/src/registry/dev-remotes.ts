// A remote the registry does not know yet, run from a developer's dev server (docs/architecture.md#a-remote-in-development):
// a team building a new remote against a deployed portal, before its first publish. An override
// (dev-overrides.ts: a deliberate act, only from config.json's devOrigins) names it; its dev
// server's remote.json, beside the manifest, gives its route, title and auth level, checked with
// the registry's own rules and against the routes the registry already gives. It is added to this
// page's registry only, titled "(in development)", and loads like any override: unchecked by
// integrity, only from the dev servers. Loaded with the full registry schema, which a page without
// such an override never downloads.
import type { Registry, RegistryEntry } from '@portal/platform/registry';

export interface DevRemotes {
  /** Remote name → the entry this page adds for it. */
  entries: Record<string, RegistryEntry>;
  /** Why an override of an unknown remote was not added, in words. */
  refusals: string[];
}

/** What marks a remote in development in the navigation. */
export const IN_DEVELOPMENT = '(in development)';
/** The version a remote in development shows where a release's would be. */
export const DEV_VERSION = '0.0.0-in-development';
/** No hash vouches for a dev server's build: the entry needs one by shape, and an override's is never used. */
const NO_INTEGRITY = `sha384-${'A'.repeat(64)}`;

/**
 * Entries for each active override whose remote the registry does not know: its dev server's
 * remote.json read and checked. An override of a known remote is left to the registry's entry.
 */
export async function devRemoteEntries(active: ReadonlyMap<string, string>, registry: Registry, fetchFile: typeof fetch = fetch): Promise<DevRemotes> {
  const unknown = [...active].filter(([name]) => !Object.hasOwn(registry.remotes, name));
  const result: DevRemotes = { entries: {}, refusals: [] };
  if (unknown.length === 0) return result;
  const { registryEntrySchema, describeIssues, RESERVED_ROUTES } = await import('@portal/platform/registry');
  const routes = new Map(Object.entries(registry.remotes).map(([name, entry]) => [entry.route, name]));
  for (const [name, manifestUrl] of unknown) {
    const metaUrl = new URL('remote.json', manifestUrl).href;
    let meta: Record<string, unknown>;
    try {
      const response = await fetchFile(metaUrl, { cache: 'no-store' });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      meta = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      result.refusals.push(`${name} is not in the registry, and its dev server's ${metaUrl} could not be read (${(error as Error).message}): start the dev server, or clear the override.`);
      continue;
    }
    if (meta.name !== name) {
      result.refusals.push(`The override names ${name}, but its dev server's remote.json names ${JSON.stringify(meta.name)}: override that name.`);
      continue;
    }
    const entry = {
      title: `${String(meta.title)} ${IN_DEVELOPMENT}`.slice(0, 60),
      route: meta.route,
      ...(typeof meta.icon === 'string' ? { icon: meta.icon } : {}),
      ...(typeof meta.description === 'string' ? { description: meta.description } : {}),
      contract: meta.contract,
      auth: meta.auth,
      version: DEV_VERSION,
      manifest: manifestUrl,
      integrity: NO_INTEGRITY,
    };
    const checked = registryEntrySchema.safeParse(entry);
    if (!checked.success) {
      result.refusals.push(`${name}'s remote.json on its dev server cannot be run: ${describeIssues(checked.error)} (reserved routes: ${RESERVED_ROUTES.join(', ')}).`);
      continue;
    }
    const owner = routes.get(checked.data.route);
    if (owner) {
      result.refusals.push(`${name} asks for the route ${checked.data.route}, which the registry gives to ${owner}: pick another route in remote.json.`);
      continue;
    }
    routes.set(checked.data.route, name);
    result.entries[name] = checked.data;
  }
  return result;
}

/** The registry with this page's remotes in development added (after every refresh of it too). */
export function withDevRemotes(registry: Registry, dev: DevRemotes): Registry {
  if (Object.keys(dev.entries).length === 0) return registry;
  return { ...registry, remotes: { ...registry.remotes, ...dev.entries } };
}
