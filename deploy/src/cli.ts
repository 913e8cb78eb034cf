#!/usr/bin/env node
// portal-deploy: build the apps, stage releases into an environment (a folder for one developer,
// or an environment of a Supabase project shared by teams), make them live by promote / canary /
// rollback (registry swaps by compare-and-swap), show the status, and host a folder environment
// locally. A project's teams, people and credentials: cli-teams.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { defaultActor } from './actor.js';
import { buildApps, buildDirs, repoRoot } from './build.js';
import { registerTeamCommands, withProject } from './cli-teams.js';
import { openEnvironment } from './environment.js';
import { DeployError, DeployErrorCode, isDeployError } from './errors.js';
import { assertPathSegment } from './path-segment.js';
import { scaffoldRemote, scaffoldStandaloneRemote } from './new-remote.js';
import { promoteRelease, publishShell, recordShellContract, rollbackRemote, stageRelease, startCanary } from './publish.js';
import { environmentStatus, formatStatus } from './status.js';
import type { DeployTarget } from './targets/deploy-target.js';
import { folderTarget } from './targets/folder-target.js';
import { CONTRACT_VERSION } from '@portal/platform/node';

const DEFAULT_ENV = path.join(repoRoot, 'deploy', 'dist', 'local');

function percentage(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('a percentage is a number from 0 to 100.');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  return n;
}

/** `account@1.2.0+3f2a9c1d` → its parts. */
function remoteAtVersion(value: string): { remote: string; version: string } {
  const at = value.indexOf('@');
  if (at <= 0 || at === value.length - 1) throw new InvalidArgumentError('name a release as <remote>@<version>, e.g. account@1.2.0 or account@1.2.0+3f2a9c1d.');
  return { remote: value.slice(0, at), version: value.slice(at + 1) };
}

function distOf(app: string): string {
  assertPathSegment(app, 'app name');
  return app === 'shell' ? path.join(repoRoot, 'shell', 'dist') : path.join(repoRoot, 'remotes', app, 'dist');
}

interface TargetOptions {
  env: string;
  bucket?: string;
  projectUrl?: string;
  anonKey?: string;
  note?: string;
}

/** Every command that changes or reads an environment takes the same options. */
function withTarget(command: Command): Command {
  return withProject(
    command
      .option('--env <dir>', 'a folder environment: one developer on this machine', DEFAULT_ENV)
      .option('--bucket <name>', "an environment of a Supabase project instead, shared by teams (its releases in the bucket of that name); you act as the person signed in (portal-deploy login) or the team credential in PORTAL_DEPLOY_TOKEN"),
  ).option('--note <text>', 'a note beside who made the change (in a folder, the only name there is: default git config user.name)');
}

async function targetOf(options: TargetOptions): Promise<DeployTarget> {
  if (!options.bucket) return folderTarget(openEnvironment(path.resolve(options.env)));
  const { openProjectTarget } = await import('./cli-project.js');
  return openProjectTarget(options, options.bucket);
}

/** A project records the verified caller, and the note beside it; a folder only has the note (or git's name). */
const noteOf = (options: TargetOptions) => options.note ?? (options.bucket ? '' : defaultActor());

const program = new Command('portal-deploy').description('Build, stage, promote, canary, roll back and serve the portal’s apps.');

program
  .command('build')
  .description('build a remote with the portal\'s build preset (in a folder with remote.json), or the shell and remotes of the portal\'s workspace (all by default)')
  .argument('[apps...]', 'shell and/or remote names (in the portal\'s workspace)')
  .option('--development', 'a development build (unminified, React\'s development checks)')
  .option('--portal <url>', "a portal (or its shell's portal-shell.json) whose shell the remote must fit: its contract and shared versions are checked after the build (default PORTAL_URL)")
  .action(async (apps: string[], options: { development?: boolean; portal?: string }) => {
    // A config file may be TypeScript, which this compiled command leaves to tsx (bin/compiled-cli.js).
    const { register } = await import('tsx/esm/api');
    register();
    const mode = options.development ? 'development' : 'production';
    if (apps.length === 0 && existsSync(path.join(process.cwd(), 'remote.json'))) {
      const { ms } = await buildDirs([process.cwd()], { mode });
      console.log(`Built the remote in ${process.cwd()} in ${(ms / 1000).toFixed(1)}s.`);
      const portal = options.portal ?? process.env.PORTAL_URL;
      if (portal) {
        const { builtRemoteNeeds, checkFitsShell, readShellFacts } = await import('./shell-facts.js');
        const dist = path.join(process.cwd(), 'dist');
        const meta = JSON.parse(readFileSync(path.join(dist, 'remote.json'), 'utf8')) as { name: string; contract: string };
        const shell = await readShellFacts(portal);
        checkFitsShell(builtRemoteNeeds(dist, meta), shell, portal);
        console.log(`It fits the shell of ${portal}: contract ${shell.contract}, ${Object.entries(shell.packages).map(([pkg, version]) => `${pkg} ${version}`).join(', ')}.`);
      }
      return;
    }
    const result = await buildApps(apps, repoRoot, { mode });
    console.log(`Built ${result.apps.join(', ')} in ${(result.ms / 1000).toFixed(1)}s.`);
  });

withTarget(program.command('init'))
  .description("prepare an environment and record the contract its shell provides (a project's: its public bucket too; platform owners only)")
  .option('--shell-contract <version>', 'the @portal/platform contract the environment’s shell provides', CONTRACT_VERSION)
  .option('--shell <file-or-url>', "the shell's portal-shell.json (its build folder, the file, or the portal's URL): its contract and every shared singleton's version")
  .action(async (options: TargetOptions & { shellContract: string; shell?: string }) => {
    const target = await targetOf(options);
    const facts = options.shell ? await (await import('./shell-facts.js')).readShellFacts(options.shell) : undefined;
    const contract = facts?.contract ?? options.shellContract;
    await recordShellContract(target, contract, facts);
    console.log(`The ${target.description} records shell contract ${contract}${facts && target.kind === 'folder' ? ` and what its shell shares: ${Object.entries(facts.packages).map(([pkg, version]) => `${pkg} ${version}`).join(', ')}` : ''}.`);
    if (target.kind === 'project') {
      const registryUrl = target.registryUrl()!;
      console.log(`Browsers read its registry at ${registryUrl}: in the shell's config.json, "registryUrl": "${registryUrl}", and "${new URL(registryUrl).origin}" in "allowedOrigins".`);
    }
  });

withTarget(program.command('publish'))
  .description('stage a release (immutable, checked first) without making it live; the shell is installed into a folder environment')
  .argument('<app>', 'shell or a remote name')
  .option('--dist <dir>', 'the build to publish (default <app>/dist)')
  .option('--origin <url>', 'where this remote’s folder of a folder environment is served (remembered)')
  .option('--promote', 'a remote: make it live in the same call, as promote would (the shell is live once published)')
  .action(async (app: string, options: TargetOptions & { dist?: string; origin?: string; promote?: boolean }) => {
    const dist = path.resolve(options.dist ?? distOf(app));
    if (!options.bucket && options.origin) openEnvironment(path.resolve(options.env)).setOrigins({ [app]: options.origin });
    if (app === 'shell') {
      if (options.bucket) throw new DeployError(DeployErrorCode.InvalidOption, 'The shell is hosted on its own; a project environment holds the registry and the remotes (a platform owner records its contract with init --shell-contract).');
      const env = openEnvironment(path.resolve(options.env));
      const { files } = publishShell(env, dist);
      console.log(`Published the shell (${files} files) to ${env.shellDir}.`);
      return;
    }
    const target = await targetOf(options);
    const note = noteOf(options);
    const staged = await stageRelease(target, { distDir: dist, actor: note });
    const what = `${staged.copied ? 'Staged' : 'Already staged (unchanged build)'} ${staged.remote}@${staged.version} in the ${target.description}`;
    if (staged.needsAcceptance) {
      console.log(
        `${what}.\n  integrity: ${staged.integrity}\n  It needs a newer platform contract major than the environment's shell: a platform owner accepts it before it goes live (portal-deploy accept ${staged.remote}@${staged.version} --bucket ${target.environmentName}).`,
      );
      return;
    }
    if (options.promote) {
      const live = await promoteRelease(target, staged.remote, staged.version, note);
      console.log(`${what}.\n  integrity: ${staged.integrity}\n${live.remote} is live at ${live.version} (${live.manifest}).`);
      return;
    }
    console.log(`${what}; nothing changed for people yet.\n  integrity: ${staged.integrity}\n  make it live: portal-deploy promote ${staged.remote}@${staged.version}`);
  });

withTarget(program.command('promote'))
  .description('make a staged release live (ends a canary of the remote)')
  .argument('<release>', '<remote>@<version> (1.2.0 picks its newest build, or 1.2.0+<hash>)', remoteAtVersion)
  .action(async (release: { remote: string; version: string }, options: TargetOptions) => {
    const live = await promoteRelease(await targetOf(options), release.remote, release.version, noteOf(options));
    console.log(`${live.remote} is live at ${live.version} (${live.manifest}).`);
  });

withTarget(program.command('canary'))
  .description('give a staged release to a share of browsers (sticky per browser); end it with promote or rollback')
  .argument('<release>', '<remote>@<version>', remoteAtVersion)
  .requiredOption('--percent <n>', 'the share of browsers, 0 to 100', percentage)
  .action(async (release: { remote: string; version: string }, options: TargetOptions & { percent: number }) => {
    const canary = await startCanary(await targetOf(options), release.remote, release.version, options.percent, noteOf(options));
    console.log(`${canary.remote}@${canary.version} is a canary for ${canary.percentage}% of browsers.`);
  });

withTarget(program.command('rollback'))
  .description('end the remote’s canary, or make its previous live version live again (or the version named)')
  .argument('<remote>')
  .argument('[version]', 'a published version to return to')
  .action(async (remote: string, version: string | undefined, options: TargetOptions) => {
    const result = await rollbackRemote(await targetOf(options), remote, noteOf(options), version);
    console.log(
      result.endedCanary
        ? `${remote}: canary ${result.endedCanary} ended; ${result.version} stays live.`
        : `${remote} is live at ${result.version} again (${result.manifest}).`,
    );
  });

withTarget(program.command('status'))
  .alias('list')
  .description("what is live, canary and available per remote, when it changed and by whom; a project's teams, their people and credentials, and its platform owners")
  .option('--json', 'as JSON')
  .action(async (options: TargetOptions & { json?: boolean }) => {
    const status = await environmentStatus(await targetOf(options));
    console.log(options.json ? JSON.stringify(status, null, 2) : formatStatus(status));
  });

program
  .command('serve')
  .description('publish the current builds into a folder environment and serve it (shell and each remote on its own port)')
  .option('--env <dir>', 'environment folder', DEFAULT_ENV)
  .option('--port <port>', 'the shell’s port', port, 3000)
  .option('--remote-port <port>', 'the first remote’s port (the next ones follow)', port, 3001)
  .option('--supabase-url <url>', 'the Supabase API the shell talks to', 'http://127.0.0.1:54321')
  .option('--no-publish', 'serve what the environment holds')
  .action(async (options: { env: string; port: number; remotePort: number; supabaseUrl: string; publish: boolean }) => {
    // Loaded here: hosting pulls in the static server and its session check, which the other commands never need.
    const { findRemoteBuilds, startLocalPortal } = await import('./local-portal.js');
    const remoteDists = findRemoteBuilds(path.join(repoRoot, 'remotes'));
    const remotePorts = Object.fromEntries(Object.keys(remoteDists).map((name, i) => [name, options.remotePort === 0 ? 0 : options.remotePort + i]));
    const portal = await startLocalPortal({
      envDir: path.resolve(options.env),
      shellDist: distOf('shell'),
      remoteDists,
      shellPort: options.port,
      remotePorts,
      supabaseUrl: options.supabaseUrl,
      skipPublish: !options.publish,
    });
    for (const [name, url] of Object.entries(portal.remoteUrls)) console.log(`Remote ${name}: ${url}`);
    console.log(`Portal: ${portal.shellUrl}`);
    const stop = () => void portal.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

program
  .command('new-remote')
  .description('scaffold a working remote: package, remote.json, an app on @portal/platform and @portal/ui, a unit test and an end-to-end smoke test')
  .argument('<name>', 'the container name: lower case letters, digits and _')
  .option('--route <path>', 'the route it owns, e.g. /reports (default /<name>)')
  .option('--title <title>', 'its title in the navigation (default: from the name)')
  .option('--auth <level>', 'none, aal1 (signed in) or aal2 (second factor)', 'aal1')
  .option('--root <dir>', 'the workspace root (remotes/ and tests/ are under it)', repoRoot)
  .option('--standalone', "a team's own repository instead, installing only from the registry: dev, test and release scripts, a table of its own, an end-to-end test")
  .option('--dir <folder>', 'with --standalone: the new repository (default ./<name>)')
  .action((name: string, options: { route?: string; title?: string; auth: string; root: string; standalone?: boolean; dir?: string }) => {
    if (options.auth !== 'none' && options.auth !== 'aal1' && options.auth !== 'aal2') {
      throw new DeployError(DeployErrorCode.InvalidOption, `--auth must be none, aal1 or aal2, not "${options.auth}".`);
    }
    if (options.standalone) {
      const dir = path.resolve(options.dir ?? name);
      const made = scaffoldStandaloneRemote({ name, dir, auth: options.auth, ...(options.route ? { route: options.route } : {}), ...(options.title ? { title: options.title } : {}) });
      console.log(`Made the remote ${name} on ${made.facts.route} in ${dir}:`);
      for (const file of made.files) console.log(`  ${file}`);
      console.log(`Next: cd ${path.relative(process.cwd(), dir) || '.'} && npm install && npm run dev`);
      return;
    }
    if (!options.route) throw new DeployError(DeployErrorCode.InvalidOption, 'Name the route the remote owns: --route /<path>.');
    const made = scaffoldRemote({ name, route: options.route, root: path.resolve(options.root), auth: options.auth, ...(options.title ? { title: options.title } : {}) });
    console.log(`Made the remote ${name} on ${made.facts.route} in ${made.dir}:`);
    for (const file of made.files) console.log(`  ${file}`);
    console.log(`Next: npm run dev -w remotes/${name}`);
    console.log(`Tables of its own: row level security and the second-factor policy, as remotes/${name}/README.md shows.`);
  });

registerTeamCommands(program, { withTarget, targetOf, noteOf });

program.parseAsync().catch((error: unknown) => {
  console.error(isDeployError(error) ? `${error.code} ${error.message}` : error instanceof Error ? error.message : String(error));
  process.exit(1);
});
