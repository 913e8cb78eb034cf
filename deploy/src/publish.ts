// Releases and what is live, on any target: `stageRelease` puts a build's files into an immutable
// release folder without making it live; promote, canary and rollback only change the registry
// (by compare-and-swap, registry-store.ts). In a project the backend checks each step against
// who calls (docs/deploy-teams.md); the checks here come first so a refusal says why early.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Registry, RegistryEntry, Release } from '@portal/platform/registry';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { cachePolicyFor } from './cache-policy.js';
import type { Environment } from './environment.js';
import { DeployError, DeployErrorCode } from './errors.js';
import { buildHash, listFiles, sriOf } from './hashing.js';
import { assertPathSegment } from './path-segment.js';
import { checkContract, checkContractCoversShared, checkExposes, checkNoBundledSingletons } from './pre-publish-checks.js';
import type { RegistryState, RemoteHistory } from './registry-revision.js';
import { readRegistryState, updateRegistry } from './registry-store.js';
import { findRelease, type ReleaseRecord } from './releases.js';
import { readBuiltRemote, remoteMetadataSchema, type RemoteMetadata } from './remote-metadata.js';
import { releaseFilesOf, releaseManifestOf } from './release-manifest.js';
import type { DeployTarget } from './targets/deploy-target.js';
import { builtRemoteNeeds, checkFitsShell, SHELL_FACTS_FILE, shellFactsSchema, type ShellFacts } from './shell-facts.js';

export interface StageOptions {
  /** The remote's build output (with remote.json and mf-manifest.json). */
  distDir: string;
  /**
   * Who publishes, in a folder (one developer: nobody checks the name). A project records the
   * verified identity of the caller and keeps this as a note beside it.
   */
  actor: string;
  /**
   * Let a new build reuse a package version already published with other content (local
   * development environments, where every save is a build); never for shared environments.
   */
  allowRebuild?: boolean;
}

export interface StageResult {
  remote: string;
  version: string;
  integrity: string;
  /** False when this exact build had been published before (its release was reused). */
  copied: boolean;
  /** A project: it needs a newer contract major than the environment's shell, so a platform owner accepts it before it goes live. */
  needsAcceptance: boolean;
}

export interface LiveRelease {
  remote: string;
  version: string;
  manifest: string;
  integrity: string;
}

export interface PublishResult extends LiveRelease {
  copied: boolean;
  canary: number | null;
}

/** How many earlier live versions an environment remembers per remote for rollback. */
const HISTORY_LENGTH = 20;
const UPLOADS_AT_ONCE = 6;

/**
 * Records which platform contract the environment's shell provides (what remotes are checked
 * against), and with the shell's portal-shell.json every shared singleton's version too (a folder
 * keeps them; a project records the contract).
 */
export async function recordShellContract(target: DeployTarget, version: string, facts?: ShellFacts): Promise<void> {
  await target.recordShellContract(version, facts);
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

function conflict(target: DeployTarget, what: string): DeployError {
  return new DeployError(DeployErrorCode.ImmutableConflict, `${what} in the ${target.description}; releases are immutable.`);
}

/**
 * Stages a release: checks the build, then puts each of its files (its manifest extended with
 * the hash of every script, see release-manifest.ts) under remotes/<name>/<version>/ and records
 * the release last, so a release is listed only once all its files are in place. Nothing goes live.
 */
export async function stageRelease(target: DeployTarget, { distDir, actor, allowRebuild = false }: StageOptions): Promise<StageResult> {
  const { meta, packageVersion } = readBuiltRemote(distDir);
  assertPathSegment(meta.name, 'remote name');
  const version = assertPathSegment(`${packageVersion}+${buildHash(distDir)}`, 'version');
  const files = listFiles(distDir);
  checkExposes(meta, distDir, files);
  checkNoBundledSingletons(meta.name, distDir, files);
  // A project stages a release for a newer contract major; a platform owner accepts it before it goes live.
  checkContract(meta, (await target.readShellContract()) ?? undefined, target.description, { newMajorWaitsForAcceptance: target.kind === 'project' });
  checkContractCoversShared(meta, distDir);
  await target.assertMayChange(meta.name);
  // What the environment's shell states it provides: each singleton at a version the build admits.
  const shell = await target.readShellFacts();
  if (shell) checkFitsShell(builtRemoteNeeds(distDir, meta), shell, `the ${target.description}`);

  // The registry's hash covers the manifest, and the manifest the hash of every script it loads.
  const manifestBytes = releaseManifestOf(distDir);
  const integrity = sriOf(manifestBytes);

  const releases = await target.listReleases(meta.name);
  const same = releases.find((r) => r.version === version);
  if (same) {
    const published = await target.readReleaseFile(meta.name, version, 'mf-manifest.json');
    if (!published || sriOf(published) !== integrity) throw conflict(target, `remotes/${meta.name}/${version} already holds a different build of ${meta.name} ${version}`);
    return { remote: meta.name, version, integrity, copied: false, needsAcceptance: (same.needsAcceptance ?? false) && !same.accepted };
  }
  const sameVersion = releases.find((r) => r.version.split('+')[0] === packageVersion);
  if (sameVersion && !allowRebuild) {
    throw conflict(
      target,
      `${meta.name} ${packageVersion} was already published with other content (${sameVersion.version}); raise "version" in the remote's package.json and build again`,
    );
  }

  await inBatches(files, UPLOADS_AT_ONCE, async (file) => {
    const body = file === 'mf-manifest.json' ? manifestBytes : readFileSync(path.join(distDir, file));
    if (await target.createReleaseFile(meta.name, version, file, body, cachePolicyFor(`/${encodeURIComponent(version)}/${file}`, { versionedFolders: true }))) return;
    // Left by an earlier attempt at this very release (stopped half-way): fine when identical.
    const existing = await target.readReleaseFile(meta.name, version, file);
    if (!existing || !existing.equals(body)) throw conflict(target, `remotes/${meta.name}/${version}/${file} already holds different bytes`);
  });
  const record: ReleaseRecord = { version, integrity, publishedAt: new Date().toISOString(), publishedBy: actor, meta };
  const recorded = await target.recordRelease(meta.name, record);
  if (!recorded.recorded) {
    const other = (await target.listReleases(meta.name)).find((r) => r.version === version);
    if (other?.integrity !== integrity) throw conflict(target, `${meta.name} ${version} was recorded with another manifest meanwhile`);
  }
  return { remote: meta.name, version, integrity, copied: true, needsAcceptance: recorded.needsAcceptance };
}

/** A registry entry for a release; `route` is the one a project's platform owners gave the remote, when they did. */
function entryFor(meta: RemoteMetadata, release: Release, route: string | null): RegistryEntry {
  return {
    title: meta.title,
    route: route ?? meta.route,
    ...(meta.icon ? { icon: meta.icon } : {}),
    ...(meta.description ? { description: meta.description } : {}),
    contract: meta.contract,
    auth: meta.auth,
    ...(meta.background ? { background: meta.background } : {}),
    version: release.version,
    manifest: release.manifest,
    integrity: release.integrity,
    ...(release.files ? { files: release.files } : {}),
  };
}

function withEntry(registry: Registry, remote: string, entry: RegistryEntry): Registry {
  return { ...registry, remotes: { ...registry.remotes, [remote]: entry } };
}

function historyAfter(state: RegistryState, remote: string, actor: string, action: string, previous: string[]): Record<string, RemoteHistory> {
  return { ...state.remotes, [remote]: { previous: previous.slice(-HISTORY_LENGTH), changedAt: new Date().toISOString(), changedBy: actor, action } };
}

/**
 * A recorded release as the registry names it, with the files the shell loads it by (read from
 * the manifest as published, so releases recorded before the registry carried them get them too).
 */
async function releaseOf(target: DeployTarget, remote: string, record: ReleaseRecord): Promise<Release> {
  const manifest = await target.readReleaseFile(remote, record.version, 'mf-manifest.json');
  const files = manifest && sriOf(manifest) === record.integrity ? releaseFilesOf(manifest) : null;
  return { version: record.version, manifest: target.manifestUrl(remote, record.version), integrity: record.integrity, ...(files ? { files } : {}) };
}

/** A release that needs a new contract major goes live only once a platform owner accepted it (the backend checks too). */
function refuseUnaccepted(target: DeployTarget, remote: string, record: ReleaseRecord): void {
  if (!record.needsAcceptance || record.accepted) return;
  const contract = (record.meta as { contract?: string }).contract ?? 'its contract';
  throw new DeployError(
    DeployErrorCode.NeedsPlatformOwner,
    `${remote}@${record.version} needs @portal/platform ${contract}, a newer major than the shell of the ${target.description} provides; a platform owner accepts it first: portal-deploy accept ${remote}@${record.version} --bucket ${target.environmentName}.`,
  );
}

function liveOf(remote: string, state: RegistryState): LiveRelease {
  const entry = state.registry.remotes[remote]!;
  return { remote, version: entry.version, manifest: entry.manifest, integrity: entry.integrity };
}

/** Makes a staged release live (ending any canary); the version live before is remembered for rollback. */
export async function promoteRelease(target: DeployTarget, remote: string, version: string, actor: string): Promise<LiveRelease> {
  await target.assertMayChange(remote);
  const record = findRelease(await target.listReleases(remote), remote, version, target.description);
  refuseUnaccepted(target, remote, record);
  const meta = remoteMetadataSchema.parse(record.meta);
  const [release, route] = await Promise.all([releaseOf(target, remote, record), target.assignedRoute(remote)]);
  const action = `promote ${remote}@${record.version}`;
  const state = await updateRegistry(target, actor, (current) => {
    const live = current.registry.remotes[remote];
    if (live && live.version === record.version && live.manifest === release.manifest && !live.canary) return null;
    const previous = current.remotes[remote]?.previous ?? [];
    return {
      registry: withEntry(current.registry, remote, entryFor(meta, release, route)),
      remotes: historyAfter(current, remote, actor, action, live && live.version !== record.version ? [...previous, live.version] : previous),
      action,
    };
  });
  return liveOf(remote, state);
}

/** Gives a staged release to `percentage` % of browsers (sticky per browser); ended by promote or rollback. */
export async function startCanary(target: DeployTarget, remote: string, version: string, percentage: number, actor: string): Promise<LiveRelease & { percentage: number }> {
  await target.assertMayChange(remote);
  const record = findRelease(await target.listReleases(remote), remote, version, target.description);
  refuseUnaccepted(target, remote, record);
  const release = await releaseOf(target, remote, record);
  const action = `canary ${remote}@${record.version} ${percentage}%`;
  const state = await updateRegistry(target, actor, (current) => {
    const live = current.registry.remotes[remote];
    if (!live) throw new DeployError(DeployErrorCode.InvalidOption, `${remote} has nothing live in the ${target.description} yet; promote a first release before a canary.`);
    if (live.version === record.version) throw new DeployError(DeployErrorCode.InvalidOption, `${remote}@${record.version} is already live; a canary is for another release.`);
    return {
      registry: withEntry(current.registry, remote, { ...live, canary: { ...release, percentage } }),
      remotes: historyAfter(current, remote, actor, action, current.remotes[remote]?.previous ?? []),
      action,
    };
  });
  return { ...liveOf(remote, state), version: record.version, manifest: release.manifest, integrity: record.integrity, percentage };
}

export interface RollbackResult extends LiveRelease {
  /** The canary that was ended, when there was one (the live version then stays). */
  endedCanary: string | null;
}

/**
 * Rollback: ends a canary when there is one (live stays); otherwise makes the previous live
 * version live again — or `version`, when named. Only the registry changes.
 */
export async function rollbackRemote(target: DeployTarget, remote: string, actor: string, version?: string): Promise<RollbackResult> {
  await target.assertMayChange(remote);
  const releases = await target.listReleases(remote);
  const named = version ? findRelease(releases, remote, version, target.description) : null;
  if (named) refuseUnaccepted(target, remote, named);
  const route = await target.assignedRoute(remote);
  // Which release the change lands on is decided against the registry it changes; each is ready.
  const asReleases = new Map(await Promise.all(releases.map(async (record) => [record.version, await releaseOf(target, remote, record)] as const)));
  let endedCanary: string | null = null;
  const state = await updateRegistry(target, actor, (current) => {
    endedCanary = null;
    const live = current.registry.remotes[remote];
    const previous = current.remotes[remote]?.previous ?? [];
    if (!named && live?.canary) {
      const { canary, ...rest } = live;
      endedCanary = canary.version;
      const action = `rollback ${remote}: canary ${canary.version} ended`;
      return { registry: withEntry(current.registry, remote, rest), remotes: historyAfter(current, remote, actor, action, previous), action };
    }
    let to = named;
    let remaining = live && named && live.version !== named.version ? [...previous, live.version] : previous;
    if (!to) {
      if (!live) throw new DeployError(DeployErrorCode.UnknownRemote, `${remote} has nothing live in the ${target.description} to roll back.`);
      const before = previous.at(-1);
      if (!before) throw new DeployError(DeployErrorCode.UnknownVersion, `${remote} has no earlier live version in the ${target.description}; name one: rollback ${remote} <version>.`);
      to = findRelease(releases, remote, before, target.description);
      remaining = previous.slice(0, -1);
    }
    const action = `rollback ${remote} to ${to.version}`;
    const meta = remoteMetadataSchema.parse(to.meta);
    return { registry: withEntry(current.registry, remote, entryFor(meta, asReleases.get(to.version)!, route)), remotes: historyAfter(current, remote, actor, action, remaining), action };
  });
  return { ...liveOf(remote, state), endedCanary };
}

/** Stages a build and makes it live at once: what the local portal and the dev loop do. */
export async function publishRemote(target: DeployTarget, options: StageOptions): Promise<PublishResult> {
  const staged = await stageRelease(target, options);
  const live = await promoteRelease(target, staged.remote, staged.version, options.actor);
  return { ...live, copied: staged.copied, canary: null };
}

/** Rewrites the manifest URLs of what is live from the target's current origins (a folder served on other ports). */
export async function repointRegistry(target: DeployTarget, actor: string): Promise<Registry> {
  const { registry } = await readRegistryState(target);
  const records = new Map<string, ReleaseRecord[]>();
  for (const name of Object.keys(registry.remotes)) records.set(name, await target.listReleases(name));
  const state = await updateRegistry(target, actor, (current) => {
    const remotes: Registry['remotes'] = {};
    for (const [name, entry] of Object.entries(current.registry.remotes)) {
      const known = (v: string) => records.get(name)?.some((r) => r.version === v) ?? false;
      // An entry without its release record (written by an older deploy) is left out.
      if (!known(entry.version)) continue;
      const canary = entry.canary && known(entry.canary.version) ? { ...entry.canary, manifest: target.manifestUrl(name, entry.canary.version) } : undefined;
      const { canary: _dropped, ...stable } = entry;
      remotes[name] = { ...stable, manifest: target.manifestUrl(name, entry.version), ...(canary ? { canary } : {}) };
    }
    if (JSON.stringify(remotes) === JSON.stringify(current.registry.remotes)) return null;
    return { registry: { ...current.registry, remotes }, remotes: current.remotes, action: 'repoint manifest URLs' };
  });
  return state.registry;
}

/**
 * Installs the shell's build into a folder environment: hashed files accumulate (open tabs keep
 * working), index.html is replaced; records the contract the shell provides.
 */
export function publishShell(env: Environment, distDir: string): { files: number } {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new DeployError(DeployErrorCode.NotBuilt, `${distDir} holds no shell build (index.html). Build it first: portal-deploy build shell.`);
  }
  const files = listFiles(distDir);
  // index.html last: it must never point at files that are not there yet.
  for (const file of [...files.filter((f) => f !== 'index.html'), 'index.html']) {
    const to = path.join(env.shellDir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(distDir, file), to);
  }
  // What the build states it provides; a shell built before it did is this checkout's contract.
  const factsFile = path.join(distDir, SHELL_FACTS_FILE);
  if (existsSync(factsFile)) {
    const facts = shellFactsSchema.parse(JSON.parse(readFileSync(factsFile, 'utf8')));
    env.setShellContract(facts.contract, facts);
  } else env.setShellContract(CONTRACT_VERSION);
  return { files: files.length };
}
