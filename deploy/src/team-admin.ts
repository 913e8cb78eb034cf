// What platform owners (and teams, for their own credentials) do to a project's teams: name
// platform owners, add teams and their people, add remotes and give them a team and a route,
// make and revoke team credentials, accept a release for a new contract major — each a call of
// the project's deploy API, which decides whether the caller may (docs/deploy-teams.md).
import type { FunctionsHttpError } from '@supabase/supabase-js';
import { backendError, dataOf, type BackendFailure } from './backend-errors.js';
import { DeployError, DeployErrorCode } from './errors.js';
import type { ProjectConnection } from './identity/project-connection.js';
import { updateRegistry } from './registry-store.js';
import { findRelease } from './releases.js';
import type { ProjectTarget } from './targets/project-target.js';

const api = (connection: ProjectConnection) => connection.client.schema('portal_deploy_api');

export async function addPlatformOwner(connection: ProjectConnection, email: string): Promise<void> {
  dataOf(await api(connection).rpc('add_platform_owner', { p_email: email }), 'name a platform owner');
}

export async function addTeam(connection: ProjectConnection, name: string, title?: string): Promise<void> {
  dataOf(await api(connection).rpc('create_team', { p_name: name, p_title: title ?? null }), 'add the team');
}

export async function addMember(connection: ProjectConnection, team: string, email: string): Promise<void> {
  dataOf(await api(connection).rpc('add_member', { p_team: team, p_email: email }), 'add the person');
}

export async function removeMember(connection: ProjectConnection, team: string, email: string): Promise<void> {
  dataOf(await api(connection).rpc('remove_member', { p_team: team, p_email: email }), 'remove the person');
}

export async function addRemote(connection: ProjectConnection, name: string, team: string, route: string | null): Promise<void> {
  dataOf(await api(connection).rpc('add_remote', { p_name: name, p_team: team, p_route: route }), 'add the remote');
}

export async function assignRemote(connection: ProjectConnection, name: string, team: string): Promise<{ from: string }> {
  return dataOf(await api(connection).rpc('assign_remote', { p_name: name, p_team: team }), 'move the remote');
}

/**
 * Gives a remote its route; with an environment, its live entry there moves to the route in the
 * same breath (a registry change of its own), so the route it left is free for another remote.
 */
export async function routeRemote(connection: ProjectConnection, name: string, route: string, environment: ProjectTarget | null, note: string): Promise<{ from: string | null; revision: number | null }> {
  const changed = dataOf<{ from: string | null }>(await api(connection).rpc('route_remote', { p_name: name, p_route: route }), 'route the remote');
  if (!environment) return { from: changed.from, revision: null };
  const state = await updateRegistry(environment, note, (current) => {
    const entry = current.registry.remotes[name];
    if (!entry || entry.route === route) return null;
    const action = `route ${name} ${route}`;
    return {
      registry: { ...current.registry, remotes: { ...current.registry.remotes, [name]: { ...entry, route } } },
      remotes: { ...current.remotes, [name]: { previous: current.remotes[name]?.previous ?? [], changedAt: new Date().toISOString(), changedBy: note, action } },
      action,
    };
  });
  return { from: changed.from, revision: state.revision };
}

export async function acceptRelease(target: ProjectTarget, remote: string, version: string): Promise<string> {
  const record = findRelease(await target.listReleases(remote), remote, version, target.description);
  dataOf(
    await target.connection.client.schema('portal_deploy_api').rpc('accept_release', { p_environment: target.environmentName, p_remote: remote, p_version: record.version }),
    'accept the release',
  );
  return record.version;
}

export interface MadeCredential {
  team: string;
  name: string;
  token: string;
}

/** The deploy-credentials function's refusal: the database's reason, message and hint. */
async function functionRefusal(error: unknown, what: string): Promise<DeployError> {
  const context = (error as FunctionsHttpError).context as Response | undefined;
  const body = (await context?.json().catch(() => null)) as { code?: string; message?: string; hint?: string } | null;
  if (!context || !body?.message) return new DeployError(DeployErrorCode.BackendFailed, `The project could not ${what}: ${(error as Error).message}.`);
  const failure: BackendFailure = { code: context.status === 403 ? '42501' : context.status === 404 ? 'P0002' : String(context.status), details: body.code ?? null, message: body.message, hint: body.hint ?? null };
  return backendError(failure, what);
}

export async function createCredential(connection: ProjectConnection, team: string, name: string): Promise<MadeCredential> {
  const { data, error } = await connection.client.functions.invoke('deploy-credentials', { body: { action: 'create', team, name } });
  if (error) throw await functionRefusal(error, 'make the credential');
  return data as MadeCredential;
}

export async function revokeCredential(connection: ProjectConnection, team: string, name: string): Promise<{ revokedAt: string }> {
  const { data, error } = await connection.client.functions.invoke('deploy-credentials', { body: { action: 'revoke', team, name } });
  if (error) throw await functionRefusal(error, 'revoke the credential');
  return data as { revokedAt: string };
}
