// The CLI's commands for a project shared by teams (docs/deploy-teams.md): sign in, name platform
// owners, add teams and their people, add remotes and give them a team and a route, make and
// revoke team credentials, accept a release for a new contract major, read the audit trail.
// The project decides whether the caller may; these commands say what it answered.
import { Command } from 'commander';
import { formatAuditLog, readAuditLog } from './audit-log.js';
import { DeployError, DeployErrorCode } from './errors.js';
import type { ProjectOptions } from './identity/project-connection.js';
import { readStdin } from './identity/ask.js';
import type { DeployTarget } from './targets/deploy-target.js';
import type { ProjectTarget } from './targets/project-target.js';
import {
  acceptRelease,
  addMember,
  addPlatformOwner,
  addRemote,
  addTeam,
  assignRemote,
  createCredential,
  removeMember,
  revokeCredential,
  routeRemote,
} from './team-admin.js';
import { readCaller, readOverview, type TeamsOverview } from './team-reads.js';

interface TargetOptions extends ProjectOptions {
  env: string;
  bucket?: string;
  note?: string;
}

interface CliParts {
  withTarget(command: Command): Command;
  targetOf(options: TargetOptions): Promise<DeployTarget>;
  noteOf(options: TargetOptions): string;
}

const project = () => import('./cli-project.js');

/** The options naming a project (commands that act on its teams rather than an environment). */
export function withProject(command: Command): Command {
  return command
    .option('--project-url <url>', 'the Supabase project (default PORTAL_DEPLOY_PROJECT_URL, else the project of the last login)')
    .option('--anon-key <key>', "the project's public API key (default PORTAL_DEPLOY_ANON_KEY, else the one saved at login)");
}

async function connect(options: ProjectOptions) {
  return (await project()).connectToProject(options);
}

async function projectTargetOf(parts: CliParts, options: TargetOptions, what: string): Promise<ProjectTarget> {
  if (!options.bucket) throw new DeployError(DeployErrorCode.InvalidOption, `${what} is for an environment of a Supabase project: name it with --bucket <name>.`);
  return (await parts.targetOf(options)) as ProjectTarget;
}

function release(value: string): { remote: string; version: string } {
  const at = value.indexOf('@');
  if (at <= 0 || at === value.length - 1) throw new DeployError(DeployErrorCode.InvalidOption, 'name a release as <remote>@<version>, e.g. account@2.0.0.');
  return { remote: value.slice(0, at), version: value.slice(at + 1) };
}

function formatTeams(overview: TeamsOverview): string {
  const lines = [`Platform owners: ${overview.platformOwners.join(', ') || 'none'}`];
  for (const team of overview.teams) {
    const active = team.credentials.filter((c) => !c.revokedAt);
    const revoked = team.credentials.filter((c) => c.revokedAt);
    lines.push(
      '',
      `${team.name}${team.title !== team.name ? ` (${team.title})` : ''}`,
      `  people:      ${team.members.join(', ') || '-'}`,
      `  credentials: ${active.map((c) => `${c.name} (made ${c.createdAt} by ${c.createdBy})`).join(', ') || '-'}`,
      ...(revoked.length ? [`  revoked:     ${revoked.map((c) => `${c.name} (${c.revokedAt} by ${c.revokedBy})`).join(', ')}`] : []),
      `  remotes:     ${team.remotes.map((name) => `${name} ${overview.remotes.find((r) => r.name === name)?.route ?? '(no route)'}`).join(', ') || '-'}`,
    );
  }
  return lines.join('\n');
}

export function registerTeamCommands(program: Command, parts: CliParts): void {
  withProject(program.command('login'))
    .description('sign in to a project as yourself (kept in ~/.config/portal-deploy/sessions.json, readable by you only); a team CI uses PORTAL_DEPLOY_TOKEN instead')
    .requiredOption('--email <email>', 'your email in the project')
    .option('--password-stdin', 'read the password from standard input (else PORTAL_DEPLOY_PASSWORD, else asked)')
    .option('--otp', 'sign in with a code emailed to you instead of a password')
    .option('--code <code>', 'the emailed code of an earlier login --otp')
    .option('--totp-code <code>', "your authenticator app's code, when your account has a second factor (else asked)")
    .action(async (options: ProjectOptions & { email: string; passwordStdin?: boolean; otp?: boolean; code?: string; totpCode?: string }) => {
      const { projectAddress, login } = await project();
      const address = projectAddress(options);
      const password = options.passwordStdin ? await readStdin() : process.env.PORTAL_DEPLOY_PASSWORD;
      const signedIn = await login(address, {
        email: options.email,
        ...(password !== undefined && !options.otp ? { password } : {}),
        ...(options.otp ? { otp: true } : {}),
        ...(options.code ? { code: options.code } : {}),
        ...(options.totpCode ? { totpCode: options.totpCode } : {}),
      });
      console.log(`Signed in to ${address.projectUrl} as ${signedIn.email} (${signedIn.aal}).`);
    });

  withProject(program.command('logout'))
    .description('sign out of a project and forget the session')
    .action(async (options: ProjectOptions) => {
      const { projectAddress, logout } = await project();
      const address = projectAddress(options);
      await logout(address);
      console.log(`Signed out of ${address.projectUrl}.`);
    });

  withProject(program.command('whoami'))
    .description('who the project sees: the person signed in or the team credential, their teams and remotes')
    .action(async (options: ProjectOptions) => {
      const who = await readCaller(await connect(options));
      console.log(
        `${who.label}${who.platform_owner ? ', a platform owner' : ''}; teams: ${who.teams.join(', ') || 'none'}; may publish: ${who.platform_owner ? 'every remote' : who.remotes.join(', ') || 'nothing'}.`,
      );
    });

  const owner = program.command('owner').description("the project's platform owners");
  withProject(owner.command('add'))
    .description('name a platform owner (the first one with the service key in PORTAL_DEPLOY_SERVICE_KEY, later ones as a platform owner signed in)')
    .argument('<email>', 'someone who has signed up in the project')
    .option('--service-key', 'act with PORTAL_DEPLOY_SERVICE_KEY: only to name the first platform owner')
    .action(async (email: string, options: ProjectOptions & { serviceKey?: boolean }) => {
      const connection = options.serviceKey ? (await project()).connectWithServiceKey(options) : await connect(options);
      await addPlatformOwner(connection, email);
      console.log(`${email} is a platform owner of ${connection.projectUrl}.`);
    });

  const team = program.command('team').description("a project's teams (platform owners)");
  withProject(team.command('add'))
    .description('add a team')
    .argument('<name>', 'lower case letters, digits and -')
    .option('--title <title>', 'its name in words')
    .action(async (name: string, options: ProjectOptions & { title?: string }) => {
      await addTeam(await connect(options), name, options.title);
      console.log(`Team ${name} added.`);
    });
  withProject(team.command('list'))
    .description('the teams, their people, credentials and remotes, and the platform owners')
    .option('--json', 'as JSON')
    .action(async (options: ProjectOptions & { json?: boolean }) => {
      const overview = await readOverview(await connect(options));
      console.log(options.json ? JSON.stringify(overview, null, 2) : formatTeams(overview));
    });

  const member = program.command('member').description("a team's people (platform owners)");
  withProject(member.command('add'))
    .description('add someone who has signed up in the project to a team')
    .argument('<team>')
    .argument('<email>')
    .action(async (teamName: string, email: string, options: ProjectOptions) => {
      await addMember(await connect(options), teamName, email);
      console.log(`${email} is a member of team ${teamName}.`);
    });
  withProject(member.command('remove'))
    .description('take someone out of a team')
    .argument('<team>')
    .argument('<email>')
    .action(async (teamName: string, email: string, options: ProjectOptions) => {
      await removeMember(await connect(options), teamName, email);
      console.log(`${email} is no longer a member of team ${teamName}.`);
    });

  const remote = program.command('remote').description("a project's remotes: their team and route (platform owners)");
  withProject(remote.command('add'))
    .description('add a remote and give it to a team')
    .argument('<name>', 'its container name')
    .requiredOption('--team <team>', 'the team that publishes it')
    .option('--route <path>', 'the route it claims, e.g. /reports')
    .action(async (name: string, options: ProjectOptions & { team: string; route?: string }) => {
      await addRemote(await connect(options), name, options.team, options.route ?? null);
      console.log(`Remote ${name} added for team ${options.team}${options.route ? ` on ${options.route}` : ' (no route yet)'}.`);
    });
  withProject(remote.command('assign'))
    .description('move a remote to another team')
    .argument('<name>')
    .argument('<team>')
    .action(async (name: string, teamName: string, options: ProjectOptions) => {
      const moved = await assignRemote(await connect(options), name, teamName);
      console.log(`Remote ${name} moved from team ${moved.from} to team ${teamName}.`);
    });
  parts
    .withTarget(remote.command('route'))
    .description("give a remote its route; with --bucket, its live entry in that environment moves there too")
    .argument('<name>')
    .argument('<route>', 'e.g. /reports')
    .action(async (name: string, route: string, options: TargetOptions) => {
      const target = options.bucket ? await projectTargetOf(parts, options, 'remote route') : null;
      const connection = target?.connection ?? (await connect(options));
      const moved = await routeRemote(connection, name, route, target, parts.noteOf(options));
      console.log(`Remote ${name} routed ${moved.from ?? 'nowhere'} → ${route}${moved.revision !== null ? ` (registry revision ${moved.revision})` : ''}.`);
    });

  const credential = program.command('credential').description("a team's CI credentials (its people, or platform owners)");
  withProject(credential.command('create'))
    .description('make a credential that publishes the team\'s remotes only; its token is shown once: keep it as PORTAL_DEPLOY_TOKEN in the team\'s CI secrets')
    .argument('<team>')
    .argument('<name>', 'e.g. ci, or the CI system it is for')
    .option('--json', 'as JSON')
    .action(async (teamName: string, name: string, options: ProjectOptions & { json?: boolean }) => {
      const made = await createCredential(await connect(options), teamName, name);
      if (options.json) return console.log(JSON.stringify(made));
      console.log(
        `Credential ${name} of team ${teamName} made. Its token, shown this once:\n\n  ${made.token}\n\nIn the team's CI: PORTAL_DEPLOY_TOKEN=<token>, PORTAL_DEPLOY_PROJECT_URL and PORTAL_DEPLOY_ANON_KEY. Revoke it with: portal-deploy credential revoke ${teamName} ${name}.`,
      );
    });
  withProject(credential.command('revoke'))
    .description('revoke a credential: refused from its next call on')
    .argument('<team>')
    .argument('<name>')
    .action(async (teamName: string, name: string, options: ProjectOptions) => {
      const revoked = await revokeCredential(await connect(options), teamName, name);
      console.log(`Credential ${name} of team ${teamName} revoked at ${revoked.revokedAt}.`);
    });
  withProject(credential.command('list'))
    .description("the teams' credentials: who made them, when, and which were revoked")
    .argument('[team]')
    .action(async (teamName: string | undefined, options: ProjectOptions) => {
      const overview = await readOverview(await connect(options));
      const rows = overview.teams
        .filter((t) => !teamName || t.name === teamName)
        .flatMap((t) => t.credentials.map((c) => `${t.name}/${c.name}  made ${c.createdAt} by ${c.createdBy}${c.revokedAt ? `; revoked ${c.revokedAt} by ${c.revokedBy}` : ''}`));
      console.log(rows.join('\n') || '(no credentials)');
    });

  parts
    .withTarget(program.command('accept'))
    .description('accept a release that needs a newer platform contract major than the environment\'s shell, so it may go live (platform owners)')
    .argument('<release>', '<remote>@<version>')
    .action(async (named: string, options: TargetOptions) => {
      const { remote: remoteName, version } = release(named);
      const target = await projectTargetOf(parts, options, 'accept');
      const accepted = await acceptRelease(target, remoteName, version);
      console.log(`${remoteName}@${accepted} is accepted: its team may make it live.`);
    });

  parts
    .withTarget(program.command('log'))
    .description('the audit trail: every change, what, who (verified), when, from which registry revision; newest first')
    .argument('[remote]', "only this remote's changes")
    .option('--limit <n>', 'how many', (value) => Number.parseInt(value, 10), 50)
    .option('--json', 'as JSON')
    .action(async (remoteName: string | undefined, options: TargetOptions & { limit: number; json?: boolean }) => {
      if (!options.bucket) {
        throw new DeployError(
          DeployErrorCode.InvalidOption,
          'A folder environment keeps no audit trail (one developer, nothing verified): its revisions are in registry-revisions/. The log is a project\'s: --bucket <name>.',
        );
      }
      const target = await projectTargetOf(parts, options, 'log');
      const entries = await readAuditLog(target.connection, { environment: target.environmentName, remote: remoteName ?? null, limit: options.limit });
      console.log(options.json ? JSON.stringify(entries, null, 2) : formatAuditLog(entries));
    });
}
