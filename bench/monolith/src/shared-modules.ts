// Stands in for shell/src/chrome/shared-modules.ts in the monolith: there is no share scope,
// every package is bundled once.
import type { SharedModuleCopy } from '../../../shell/src/chrome/shared-modules.js';

export type { SharedModuleCopy };

export function sharedModuleCopies(): SharedModuleCopy[] | null {
  return [];
}
