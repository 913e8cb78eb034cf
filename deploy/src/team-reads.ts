// What the project's deploy API says of the caller and of its teams (portal_deploy_api.whoami and
// overview): the two reads the project target asks once and keeps, and status shows. What changes
// the teams is team-admin.ts's; the reads are apart so that the target and team-admin, which acts
// on a target, need not import each other.
import { dataOf } from './backend-errors.js';
import type { ProjectConnection } from './identity/project-connection.js';

const api = (connection: ProjectConnection) => connection.client.schema('portal_deploy_api');

/** Who calls, as the backend sees them (portal_deploy_api.whoami). */
export interface Caller {
  kind: 'person' | 'credential' | 'service' | 'anonymous';
  label: string;
  active: boolean;
  platform_owner: boolean;
  teams: string[];
  remotes: string[];
  /** The route each of those remotes was given (null: none yet). */
  routes: Record<string, string | null>;
}

/** Teams, their people and credentials, remotes with their team and route, and the platform owners. */
export interface TeamsOverview {
  platformOwners: string[];
  teams: Array<{
    name: string;
    title: string;
    members: string[];
    credentials: Array<{ name: string; createdAt: string; createdBy: string; revokedAt: string | null; revokedBy: string | null }>;
    remotes: string[];
  }>;
  remotes: Array<{ name: string; team: string; route: string | null }>;
}

export async function readCaller(connection: ProjectConnection): Promise<Caller> {
  return dataOf<Caller>(await api(connection).rpc('whoami'), 'say who you are');
}

export async function readOverview(connection: ProjectConnection): Promise<TeamsOverview> {
  return dataOf<TeamsOverview>(await api(connection).rpc('overview'), 'list its teams');
}
