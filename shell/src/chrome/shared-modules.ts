import { loadedShareScopes } from '../federation/federation.js';

export interface SharedModuleCopy {
  name: string;
  version: string;
  /** The container that provided this copy (the shell, for every singleton). */
  providedBy: string;
  /** Containers that use it. */
  usedBy: string[];
  loaded: boolean;
}

/**
 * Every copy of every shared module in the runtime's share scope. A remote that bundled its own
 * React or supabase-js shows up here as a second copy or a provider other than the shell. Null
 * while no remote has run: the federation runtime, and with it the share scope, loads with the
 * first remote.
 */
export function sharedModuleCopies(): SharedModuleCopy[] | null {
  const scopes = loadedShareScopes();
  if (!scopes) return null;
  const copies: SharedModuleCopy[] = [];
  for (const scope of Object.values(scopes)) {
    for (const [name, versions] of Object.entries(scope)) {
      for (const [version, shared] of Object.entries(versions)) {
        copies.push({
          name,
          version,
          providedBy: shared.from,
          usedBy: [...new Set(shared.useIn ?? [])],
          loaded: Boolean(shared.loaded) || Boolean(shared.lib),
        });
      }
    }
  }
  // By code unit, not `localeCompare`: package names need no language's collation, and the page's
  // first `localeCompare` loads the collation data, 40 ms of a phone's CPU in the status page's
  // first render (issue #40).
  return copies.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
