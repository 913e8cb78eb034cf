import { getInstance } from '@module-federation/enhanced/runtime';

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
 * React or supabase-js shows up here as a second copy or a provider other than the shell.
 */
export function sharedModuleCopies(): SharedModuleCopy[] {
  const scopes = getInstance()?.shareScopeMap ?? {};
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
