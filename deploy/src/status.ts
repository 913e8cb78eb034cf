// `portal-deploy status`: per remote what is live, what is a canary, which releases are available,
// and who changed it when — from the registry's newest revision and the release records.
import { readLiveRegistry, readRegistryState } from './registry-store.js';
import { readReleases, remotesWithReleases } from './releases.js';
import { readEnvironmentFile } from './publish.js';
import type { PublishTarget } from './targets/publish-target.js';

export interface RemoteStatus {
  remote: string;
  live: string | null;
  canary: { version: string; percentage: number } | null;
  available: string[];
  changedAt: string | null;
  changedBy: string | null;
  lastAction: string | null;
}

export interface EnvironmentStatus {
  environment: string;
  target: string;
  registryUrl: string | null;
  shellContract: string | null;
  revision: number;
  /** False when the newest revision has not reached registry.json yet (its writer stopped); the next change copies it. */
  registryUpToDate: boolean;
  remotes: RemoteStatus[];
}

export async function environmentStatus(target: PublishTarget): Promise<EnvironmentStatus> {
  const [state, live, environment, withReleases] = await Promise.all([
    readRegistryState(target),
    readLiveRegistry(target),
    readEnvironmentFile(target),
    remotesWithReleases(target),
  ]);
  const names = [...new Set([...Object.keys(state.registry.remotes), ...withReleases])].sort();
  const remotes = await Promise.all(
    names.map(async (remote): Promise<RemoteStatus> => {
      const entry = state.registry.remotes[remote];
      const history = state.remotes[remote];
      return {
        remote,
        live: entry?.version ?? null,
        canary: entry?.canary ? { version: entry.canary.version, percentage: entry.canary.percentage } : null,
        available: (await readReleases(target, remote)).map((r) => r.version),
        changedAt: history?.changedAt ?? null,
        changedBy: history?.changedBy ?? null,
        lastAction: history?.action ?? null,
      };
    }),
  );
  return {
    environment: target.environmentName,
    target: target.description,
    registryUrl: target.registryUrl(),
    shellContract: environment.shellContract ?? null,
    revision: state.revision,
    registryUpToDate: state.revision === 0 || JSON.stringify(live?.remotes ?? null) === JSON.stringify(state.registry.remotes),
    remotes,
  };
}

/** The status as a plain-text table, one row per remote. */
export function formatStatus(status: EnvironmentStatus): string {
  const header = ['remote', 'live', 'canary', 'available', 'changed', 'by'];
  const rows = status.remotes.map((r) => [
    r.remote,
    r.live ?? '-',
    r.canary ? `${r.canary.version} (${r.canary.percentage}%)` : '-',
    r.available.join(', ') || '-',
    r.changedAt ?? '-',
    r.changedBy ?? '-',
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [
    `Environment ${status.environment} (${status.target}), registry revision ${status.revision}${status.registryUpToDate ? '' : ' — not yet in registry.json; the next change copies it'}`,
    `Shell contract: ${status.shellContract ?? 'not recorded'}${status.registryUrl ? `; registry: ${status.registryUrl}` : ''}`,
    '',
    line(header),
    ...(rows.length ? rows.map(line) : ['(no remotes published yet)']),
  ].join('\n');
}
