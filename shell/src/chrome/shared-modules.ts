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
  return copies.sort((a, b) => a.name.localeCompare(b.name));
}
