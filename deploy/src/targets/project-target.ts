// The project target: an environment shared by teams in a Supabase project (the emulator
// locally, a hosted project in production). Release files go into the environment's public
// bucket, as the caller: storage's row level security lets a team add files only under its own
// remotes' new releases. Release records and registry revisions go through the project's deploy
// API (portal_deploy_api), which checks the caller and stamps the verified identity; browsers read
// the registry from the deploy-registry function (docs/deploy-teams.md).
import mime from 'mime-types';
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { z } from 'zod';
import { backendError, dataOf, type BackendFailure } from '../backend-errors.js';
import { CACHE_CONTROL } from '../cache-policy.js';
import { DeployError, DeployErrorCode } from '../errors.js';
import type { ProjectConnection } from '../identity/project-connection.js';
import { assertPathSegment } from '../path-segment.js';
import { lowestContractMajor } from '../pre-publish-checks.js';
import { remoteHistorySchema, type RegistryState } from '../registry-revision.js';
import { releaseRecordSchema, type ReleaseRecord } from '../releases.js';
import { readCaller, readOverview, type Caller, type TeamsOverview } from '../team-reads.js';
import type { DeployTarget } from './deploy-target.js';

export type { Caller, TeamsOverview };

export interface ProjectTarget extends DeployTarget {
  readonly kind: 'project';
  readonly connection: ProjectConnection;
  registryUrl(): string;
  whoami(): Promise<Caller>;
  overview(): Promise<TeamsOverview>;
}

const revisionSchema = z.object({
  revision: z.number().int().positive(),
  registry: z.unknown(),
  remotes: z.record(z.string(), remoteHistorySchema),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
});

const statusOf = (error: BackendFailure) => String(error.statusCode ?? error.status ?? '');

export function projectTarget(connection: ProjectConnection, environment: string): ProjectTarget {
  assertPathSegment(environment, 'environment name');
  const { client, projectUrl } = connection;
  const api = () => client.schema('portal_deploy_api');
  const bucket = () => client.storage.from(environment);
  const description = `environment ${environment} of ${projectUrl}`;
  const fileKey = (remote: string, version: string, file: string) =>
    `remotes/${assertPathSegment(remote, 'remote name')}/${assertPathSegment(version, 'version')}/${file}`;
  let caller: Promise<Caller> | null = null;
  let overview: Promise<TeamsOverview> | null = null;
  /** The revision this target just committed, as the project stamped it (publishNewest answers it). */
  let committed: RegistryState | null = null;

  const target: ProjectTarget = {
    kind: 'project',
    connection,
    description,
    environmentName: environment,
    whoami() {
      caller ??= readCaller(connection);
      return caller;
    },
    overview() {
      overview ??= readOverview(connection);
      return overview;
    },
    async readShellContract() {
      const found = dataOf<{ shell_contract: string }>(await api().rpc('environment', { p_environment: environment }), 'read the environment');
      return found.shell_contract;
    },
    async recordShellContract(version) {
      dataOf(await api().rpc('create_environment', { p_name: environment, p_shell_contract: version }), 'make the environment');
      overview = null;
    },
    // The project records the contract only: the rest is checked against the portal (build --portal).
    async readShellFacts() {
      return null;
    },
    async readReleaseFile(remote, version, file) {
      const { data, error } = await bucket().download(fileKey(remote, version, file));
      if (error) {
        const failure = error as BackendFailure;
        if (['404', '400'].includes(statusOf(failure)) && /not.?found|does not exist/i.test(failure.message)) return null;
        throw new DeployError(DeployErrorCode.TargetFailed, `Could not read ${fileKey(remote, version, file)} in the ${description}: ${failure.message} (${statusOf(failure) || 'no status'}).`);
      }
      return Buffer.from(await data.arrayBuffer());
    },
    async createReleaseFile(remote, version, file, body, cache) {
      const key = fileKey(remote, version, file);
      // An upload without upsert is an INSERT, which storage's policies allow a team only under
      // its own remotes' unrecorded releases. The Cache-Control header is sent as is (supabase-js's
      // own `cacheControl` option can only say `max-age=<n>`, not `immutable`).
      const { error } = await bucket().upload(key, body, {
        upsert: false,
        contentType: mime.lookup(key) || 'application/octet-stream',
        headers: { 'cache-control': CACHE_CONTROL[cache] },
      });
      if (!error) return true;
      const failure = error as BackendFailure;
      if (statusOf(failure) === '409' || /already exists|duplicate/i.test(failure.message)) return false;
      if (statusOf(failure) === '403') {
        throw new DeployError(
          DeployErrorCode.NotAllowed,
          `The ${description} refused ${key} (${failure.message}): a team adds files only under its own remotes' releases, before the release is recorded.`,
        );
      }
      throw new DeployError(DeployErrorCode.TargetFailed, `Could not store ${key} in the ${description}: ${failure.message} (${statusOf(failure) || 'no status'}).`);
    },
    async listReleases(remote) {
      const rows = dataOf<unknown[]>(await api().rpc('releases', { p_environment: environment, p_remote: remote }), 'list releases');
      return rows.map((row) => releaseRecordSchema.parse(row));
    },
    async remotesWithReleases() {
      const rows = dataOf<Array<{ remote: string }>>(await api().rpc('releases', { p_environment: environment }), 'list releases');
      return [...new Set(rows.map((row) => row.remote))].sort();
    },
    async recordRelease(remote, record: ReleaseRecord) {
      const contract = String(record.meta.contract ?? '');
      const answer = dataOf<{ recorded: boolean; needs_acceptance: boolean }>(
        await api().rpc('record_release', {
          p_environment: environment,
          p_remote: remote,
          p_version: record.version,
          p_integrity: record.integrity,
          p_contract: contract,
          p_contract_major: lowestContractMajor(contract) ?? 0,
          p_meta: record.meta,
        }),
        'record the release',
      );
      return { recorded: answer.recorded, needsAcceptance: answer.needs_acceptance };
    },
    async newestRevision(): Promise<RegistryState> {
      const newest = dataOf<unknown>(await api().rpc('newest_revision', { p_environment: environment }), 'read the registry');
      if (newest === null) {
        return {
          revision: 0,
          registry: { schemaVersion: 1, environment, updatedAt: new Date().toISOString(), remotes: {} },
          remotes: {},
          at: null,
          actor: null,
          action: null,
        };
      }
      const doc = revisionSchema.parse(newest);
      return { revision: doc.revision, registry: parseRegistry(doc.registry), remotes: doc.remotes, at: doc.at, actor: doc.actor, action: doc.action };
    },
    async commitRevision(revision, { registry, remotes, action, note }) {
      const answer = dataOf<{ committed: boolean; unchanged?: boolean; registry?: unknown; remotes?: unknown; at?: string; actor?: string; action?: string }>(
        await api().rpc('commit_revision', {
          p_environment: environment,
          p_revision: revision,
          p_registry: registry,
          p_history: remotes,
          p_action: action,
          p_note: note,
        }),
        'commit the registry change',
      );
      if (answer.committed) {
        const doc = revisionSchema.parse({ ...answer, revision });
        committed = { revision, registry: parseRegistry(doc.registry), remotes: doc.remotes, at: doc.at, actor: doc.actor, action: doc.action };
        return 'committed';
      }
      // Unchanged: the change was already there (made by someone else meanwhile); nothing to commit.
      return answer.unchanged ? 'committed' : 'taken';
    },
    async publishNewest() {
      // Browsers read the newest revision itself (the deploy-registry function): nothing to copy.
      const state = committed ?? (await target.newestRevision());
      committed = null;
      return state;
    },
    async liveRegistry(): Promise<Registry | null> {
      const response = await fetch(target.registryUrl());
      if (!response.ok) {
        throw new DeployError(DeployErrorCode.TargetFailed, `The registry at ${target.registryUrl()} answered ${response.status}: ${await response.text()}`);
      }
      return parseRegistry(await response.json());
    },
    manifestUrl(remote, version) {
      // Relative to the environment's bucket; the deploy-registry function makes it absolute.
      return `remotes/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;
    },
    registryUrl() {
      return `${projectUrl}/functions/v1/deploy-registry/${environment}`;
    },
    async assignedRoute(remote) {
      const { routes } = await target.whoami();
      if (remote in routes) return routes[remote] ?? null;
      return (await target.overview()).remotes.find((r) => r.name === remote)?.route ?? null;
    },
    async assertMayChange(remote) {
      const who = await target.whoami();
      if (who.active && (who.platform_owner || who.remotes.includes(remote))) return;
      // The backend refuses too; asking it here says why before anything is uploaded.
      const { remotes } = await target.overview();
      const owned = remotes.find((r) => r.name === remote);
      if (!owned) {
        throw new DeployError(
          DeployErrorCode.UnknownRemote,
          `${remote} is not a remote of this portal. A platform owner adds it and gives it to a team: portal-deploy remote add ${remote} --team <team> --route /<route>.`,
        );
      }
      throw backendError(
        {
          code: '42501',
          details: 'not_your_remote',
          message: `${remote} belongs to team ${owned.team}: only its members, its credentials and the platform owners may publish or change it; ${who.label} may not.`,
          hint: `A platform owner moves a remote to another team: portal-deploy remote assign ${remote} <team>.`,
        },
        `change ${remote}`,
      );
    },
  };
  return target;
}
