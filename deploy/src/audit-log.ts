// `portal-deploy log [<remote>]`: the audit trail of a project — what changed, who (the verified
// person or team credential, never a typed name), when, and from which registry revision —
// newest first, as the project's deploy API answers it (portal_deploy_api.audit_log).
import { z } from 'zod';
import { dataOf } from './backend-errors.js';
import type { ProjectConnection } from './identity/project-connection.js';

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  environment: z.string().nullable(),
  remote: z.string().nullable(),
  team: z.string().nullable(),
  action: z.string(),
  change: z.string(),
  /** The registry revision the change made, when it made one. */
  revision: z.number().nullable(),
  /** The revision it was made on. */
  baseRevision: z.number().nullable(),
  actor: z.string(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export interface AuditQuery {
  environment?: string | null;
  remote?: string | null;
  limit?: number;
}

export async function readAuditLog(connection: ProjectConnection, { environment = null, remote = null, limit = 50 }: AuditQuery): Promise<AuditEntry[]> {
  const rows = dataOf<unknown[]>(
    await connection.client.schema('portal_deploy_api').rpc('audit_log', { p_environment: environment, p_remote: remote, p_limit: limit }),
    'read the audit trail',
  );
  return z.array(auditEntrySchema).parse(rows);
}

/** One line per change: when, revision, who, what. */
export function formatAuditLog(entries: readonly AuditEntry[]): string {
  if (entries.length === 0) return '(no changes recorded yet)';
  return entries
    .map((entry) => {
      const revision = entry.revision !== null ? `r${entry.revision} (from r${entry.baseRevision})` : entry.baseRevision !== null ? `at r${entry.baseRevision}` : '';
      const where = [entry.environment, entry.remote].filter(Boolean).join('/');
      const note = entry.note ? ` — “${entry.note}”` : '';
      return `${entry.at}  ${revision.padEnd(16)}  ${entry.actor}  ${entry.action}${where ? ` ${where}` : ''}: ${entry.change}${note}`;
    })
    .join('\n');
}
