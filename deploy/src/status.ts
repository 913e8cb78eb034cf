// `portal-deploy status`: per remote what is live, what is a canary, which releases are available,
// and who changed it when — from the registry's newest revision and the release records; in a
// project also which team owns each remote and route, the teams with their people and
// credentials, and the platform owners.
import { readLiveRegistry, readRegistryState } from './registry-store.js';
import type { DeployTarget } from './targets/deploy-target.js';
import type { ProjectTarget, TeamsOverview } from './targets/project-target.js';

export interface RemoteStatus {
  remote: string;
  /** The team that owns it (a project), null in a folder. */
  team: string | null;
  live: string | null;
  canary: { version: string; percentage: number } | null;
  available: string[];
  /** Releases waiting for a platform owner's acceptance (a newer contract major). */
  awaitingAcceptance: string[];
  changedAt: string | null;
  /** The verified identity in a project; in a folder, the name the developer gave. */
  changedBy: string | null;
  note: string | null;
  lastAction: string | null;
}

export interface EnvironmentStatus {
  environment: string;
  kind: DeployTarget['kind'];
  target: string;
  registryUrl: string | null;
  shellContract: string | null;
  revision: number;
  /** False when the newest revision has not reached registry.json yet (its writer stopped); the next change copies it. */
  registryUpToDate: boolean;
  remotes: RemoteStatus[];
  /** A project's teams and platform owners; null for a folder. */
  teams: TeamsOverview | null;
}

const isProject = (target: DeployTarget): target is ProjectTarget => target.kind === 'project';

export async function environmentStatus(target: DeployTarget): Promise<EnvironmentStatus> {
  const [state, live, shellContract, withReleases, teams] = await Promise.all([
    readRegistryState(target),
    // A project's registry is derived from its newest revision: never behind.
    target.kind === 'folder' ? readLiveRegistry(target) : Promise.resolve(null),
    target.readShellContract(),
    target.remotesWithReleases(),
    isProject(target) ? target.overview() : Promise.resolve(null),
  ]);
  const names = [...new Set([...Object.keys(state.registry.remotes), ...withReleases])].sort();
  const remotes = await Promise.all(
    names.map(async (remote): Promise<RemoteStatus> => {
      const entry = state.registry.remotes[remote];
      const history = state.remotes[remote];
      const releases = await target.listReleases(remote);
      return {
        remote,
        team: teams?.remotes.find((r) => r.name === remote)?.team ?? null,
        live: entry?.version ?? null,
        canary: entry?.canary ? { version: entry.canary.version, percentage: entry.canary.percentage } : null,
        available: releases.map((r) => r.version),
        awaitingAcceptance: releases.filter((r) => r.needsAcceptance && !r.accepted).map((r) => r.version),
        changedAt: history?.changedAt ?? null,
        changedBy: history?.changedBy ?? null,
        note: history?.note ?? null,
        lastAction: history?.action ?? null,
      };
    }),
  );
  return {
    environment: target.environmentName,
    kind: target.kind,
    target: target.description,
    registryUrl: target.registryUrl(),
    shellContract,
    revision: state.revision,
    registryUpToDate: target.kind === 'project' || state.revision === 0 || JSON.stringify(live?.remotes ?? null) === JSON.stringify(state.registry.remotes),
    remotes,
    teams,
  };
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The status as plain text: the environment, one row per remote, and a project's teams. */
export function formatStatus(status: EnvironmentStatus): string {
  const project = status.kind === 'project';
  const header = ['remote', ...(project ? ['team'] : []), 'live', 'canary', 'available', 'changed', 'by'];
  const rows = status.remotes.map((r) => [
    r.remote,
    ...(project ? [r.team ?? '-'] : []),
    r.live ?? '-',
    r.canary ? `${r.canary.version} (${r.canary.percentage}%)` : '-',
    [r.available.join(', ') || '-', ...r.awaitingAcceptance.map((v) => `(${v} awaits a platform owner's acceptance)`)].join(' '),
    r.changedAt ?? '-',
    `${r.changedBy ?? '-'}${r.note ? ` — “${r.note}”` : ''}`,
  ]);
  const lines = [
    `Environment ${status.environment} (${status.target}), registry revision ${status.revision}${status.registryUpToDate ? '' : ' — not yet in registry.json; the next change copies it'}`,
    project
      ? 'Shared: every change is checked by the project against who makes it (docs/deploy-teams.md).'
      : 'A local folder for one developer on this machine: nobody is checked, and "by" is whatever name was given. Shared environments use a Supabase project (--bucket).',
    `Shell contract: ${status.shellContract ?? 'not recorded'}${status.registryUrl ? `; registry: ${status.registryUrl}` : ''}`,
    '',
    ...(rows.length ? table(header, rows) : [header.join('  '), '(no remotes published yet)']),
  ];
  if (status.teams) {
    const { teams, platformOwners, remotes } = status.teams;
    lines.push('', `Platform owners: ${platformOwners.join(', ') || 'none'}`, '');
    lines.push(
      ...table(
        ['team', 'people', 'credentials', 'remotes (route)'],
        teams.map((team) => [
          team.name,
          team.members.join(', ') || '-',
          team.credentials.filter((c) => !c.revokedAt).map((c) => c.name).join(', ') || '-',
          team.remotes.map((name) => `${name} (${remotes.find((r) => r.name === name)?.route ?? 'no route'})`).join(', ') || '-',
        ]),
      ),
    );
  }
  return lines.join('\n');
}
