// One revision of an environment's registry, as every target keeps it: the registry, each
// remote's history (what rollback returns to, who changed it) and who made the revision. The
// targets read and write it (targets/), registry-store.ts changes it by compare-and-swap; it is a
// file of its own so that the target contract and the store need not import each other.
import type { Registry } from '@portal/platform/registry';
import { z } from 'zod';

export const remoteHistorySchema = z.object({
  /** Versions that were live before the current one, oldest first (what rollback returns to). */
  previous: z.array(z.string()),
  changedAt: z.string(),
  /** Who: the verified identity in a project; in a folder, the name the developer gave. */
  changedBy: z.string(),
  action: z.string(),
  /** What the one who changed it noted beside their identity. */
  note: z.string().optional(),
});
export type RemoteHistory = z.infer<typeof remoteHistorySchema>;

export interface RegistryState {
  /** 0 before the first change (an empty registry, or one written by an older deploy). */
  revision: number;
  registry: Registry;
  remotes: Record<string, RemoteHistory>;
  at: string | null;
  actor: string | null;
  action: string | null;
}
