import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Registry, RegistryEntry } from '@portal/platform/registry';
import type { Environment } from './environment.js';
import { DeployError, DeployErrorCode } from './errors.js';
import { buildHash, listFiles, sriOf } from './hashing.js';
import { readRegistry, writeRegistry } from './registry-file.js';
import { readReleases, recordRelease, type ReleaseRecord } from './releases.js';
import { readBuiltRemote, type RemoteMetadata } from './remote-metadata.js';
import { releaseManifestOf } from './release-manifest.js';

export interface PublishOptions {
  /** The remote's build output (with remote.json and mf-manifest.json). */
  distDir: string;
  /** Put the release out as a canary for this percentage of browsers instead of making it live. */
  canaryPercentage?: number;
}

export interface PublishResult {
  remote: string;
  version: string;
  manifest: string;
  integrity: string;
  /** False when this exact build had been published before (its folder was reused). */
  copied: boolean;
  canary: number | null;
}

function originOf(env: Environment, remote: string): string {
  const origin = env.read().origins[remote];
  if (!origin) {
    throw new DeployError(DeployErrorCode.InvalidOption, `No origin is known for "${remote}" in ${env.root}; pass --origin <url> (where its files are served).`);
  }
  return origin.replace(/\/$/, '');
}

export function manifestUrlOf(env: Environment, remote: string, record: Pick<ReleaseRecord, 'manifestPath'>): string {
  return `${originOf(env, remote)}/${record.manifestPath}`;
}

function entryFor(meta: RemoteMetadata, release: { version: string; manifest: string; integrity: string }, canary?: RegistryEntry['canary']): RegistryEntry {
  return {
    title: meta.title,
    route: meta.route,
    ...(meta.icon ? { icon: meta.icon } : {}),
    ...(meta.description ? { description: meta.description } : {}),
    contract: meta.contract,
    auth: meta.auth,
    ...(meta.background ? { background: meta.background } : {}),
    version: release.version,
    manifest: release.manifest,
    integrity: release.integrity,
    ...(canary ? { canary } : {}),
  };
}

/**
 * Publishes a remote: copies the build into a new immutable folder named by its version (its
 * manifest extended with the hash of every script, see release-manifest.ts), records
 * the release, then swaps the registry (atomically) to point at it — or at it as a canary.
 */
export function publishRemote(env: Environment, { distDir, canaryPercentage }: PublishOptions): PublishResult {
  const { meta, packageVersion } = readBuiltRemote(distDir);
  const version = `${packageVersion}+${buildHash(distDir)}`;
  const target = env.releaseDir(meta.name, version);
  // The registry's hash covers the manifest, and the manifest the hash of every script it loads.
  const manifestBytes = releaseManifestOf(distDir);
  const integrity = sriOf(manifestBytes);

  let copied = false;
  if (existsSync(target)) {
    // Immutable: an existing release folder is never rewritten; it must be this very build.
    const published = readFileSync(path.join(target, 'mf-manifest.json'));
    if (sriOf(published) !== integrity) {
      throw new DeployError(DeployErrorCode.ImmutableConflict, `${target} already holds a different build of ${meta.name} ${version}; releases are immutable.`);
    }
  } else {
    const staging = `${target}.staging-${process.pid}`;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(distDir, staging, { recursive: true });
    writeFileSync(path.join(staging, 'mf-manifest.json'), manifestBytes);
    // The folder appears complete or not at all (rename within one file system is atomic).
    renameSync(staging, target);
    copied = true;
  }

  const record: ReleaseRecord = { version, manifestPath: `${encodeURIComponent(version)}/mf-manifest.json`, integrity, publishedAt: new Date().toISOString(), meta };
  recordRelease(env, meta.name, record);
  const release = { version, manifest: manifestUrlOf(env, meta.name, record), integrity };

  const registry = readRegistry(env);
  const current = registry.remotes[meta.name];
  let entry: RegistryEntry;
  if (canaryPercentage !== undefined) {
    if (!current) {
      throw new DeployError(DeployErrorCode.InvalidOption, `${meta.name} has no live release yet; publish it without --canary first.`);
    }
    entry = { ...current, canary: { ...release, percentage: canaryPercentage } };
  } else {
    entry = entryFor(meta, release);
  }
  writeRegistry(env, { ...registry, remotes: { ...registry.remotes, [meta.name]: entry } });
  return { remote: meta.name, ...release, copied, canary: canaryPercentage ?? null };
}

/** Rollback is a registry swap: point the remote at a release published earlier. */
export function rollbackRemote(env: Environment, remote: string, version: string): PublishResult {
  const releases = readReleases(env, remote);
  if (releases.length === 0) throw new DeployError(DeployErrorCode.UnknownRemote, `No releases of "${remote}" were published in ${env.root}.`);
  // `1.0.0` picks the latest build of that version; `1.0.0+3f2a9c1d` is exact.
  const record = [...releases].reverse().find((r) => r.version === version || r.version.split('+')[0] === version);
  if (!record) {
    throw new DeployError(DeployErrorCode.UnknownVersion, `"${remote}" has no release ${version}. Published: ${releases.map((r) => r.version).join(', ')}.`);
  }
  const registry = readRegistry(env);
  const meta = record.meta as RemoteMetadata;
  const release = { version: record.version, manifest: manifestUrlOf(env, remote, record), integrity: record.integrity };
  writeRegistry(env, { ...registry, remotes: { ...registry.remotes, [remote]: entryFor(meta, release) } });
  return { remote, ...release, copied: false, canary: null };
}

/** Rewrites every live entry's manifest URL from the environment's current origins (ports changed). */
export function repointRegistry(env: Environment): Registry {
  const registry = readRegistry(env);
  const remotes: Registry['remotes'] = {};
  for (const [name, entry] of Object.entries(registry.remotes)) {
    const at = (version: string) => {
      const record = readReleases(env, name).find((r) => r.version === version);
      return record ? manifestUrlOf(env, name, record) : null;
    };
    const manifest = at(entry.version);
    if (!manifest) continue;
    const canaryManifest = entry.canary ? at(entry.canary.version) : null;
    remotes[name] = {
      ...entry,
      manifest,
      ...(entry.canary && canaryManifest ? { canary: { ...entry.canary, manifest: canaryManifest } } : {}),
    };
  }
  return writeRegistry(env, { ...registry, remotes });
}

/** Installs the shell's build: hashed files accumulate (open tabs keep working), index.html is replaced. */
export function publishShell(env: Environment, distDir: string): { files: number } {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new DeployError(DeployErrorCode.NotBuilt, `${distDir} holds no shell build (index.html). Build it first: npx rspack build -c rspack.config.ts --env app=shell.`);
  }
  const files = listFiles(distDir);
  // index.html last: it must never point at files that are not there yet.
  for (const file of [...files.filter((f) => f !== 'index.html'), 'index.html']) {
    const to = path.join(env.shellDir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(distDir, file), to);
  }
  return { files: files.length };
}
