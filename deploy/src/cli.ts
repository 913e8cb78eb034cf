// portal-deploy build | publish | rollback | list | serve — publishing remotes into an environment
// (immutable release folders + an atomically swapped registry) and hosting it locally.
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { buildApps, repoRoot } from './build.js';
import { openEnvironment } from './environment.js';
import { isDeployError } from './errors.js';
import { assertPathSegment } from './path-segment.js';
import { findRemoteBuilds, startLocalPortal } from './local-portal.js';
import { publishRemote, publishShell, rollbackRemote } from './publish.js';
import { readRegistry } from './registry-file.js';
import { readReleases } from './releases.js';

const DEFAULT_ENV = path.join(repoRoot, 'deploy', 'dist', 'local');

function percentage(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('a percentage is a number from 0 to 100.');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  return n;
}

function distOf(app: string): string {
  assertPathSegment(app, 'app name');
  return app === 'shell' ? path.join(repoRoot, 'shell', 'dist') : path.join(repoRoot, 'remotes', app, 'dist');
}

const program = new Command('portal-deploy').description('Build, publish, roll back and serve the portal’s apps.');

program
  .command('build')
  .description('build the shell and remotes (all by default) with rspack.config.ts')
  .argument('[apps...]', 'shell and/or remote names')
  .action(async (apps: string[]) => {
    const result = await buildApps(apps);
    console.log(`Built ${result.apps.join(', ')} in ${(result.ms / 1000).toFixed(1)}s.`);
  });

program
  .command('publish')
  .description('publish a build: a new immutable release folder, then an atomic registry swap')
  .argument('<app>', 'shell or a remote name')
  .option('--env <dir>', 'environment folder', DEFAULT_ENV)
  .option('--dist <dir>', 'the build to publish (default <app>/dist)')
  .option('--origin <url>', 'where this remote’s environment folder is served (remembered)')
  .option('--canary <percentage>', 'release to this share of browsers only', percentage)
  .action((app: string, options: { env: string; dist?: string; origin?: string; canary?: number }) => {
    const env = openEnvironment(path.resolve(options.env));
    if (options.origin) env.setOrigins({ [app]: options.origin });
    const dist = path.resolve(options.dist ?? distOf(app));
    if (app === 'shell') {
      const { files } = publishShell(env, dist);
      console.log(`Published the shell (${files} files) to ${env.shellDir}.`);
      return;
    }
    const result = publishRemote(env, { distDir: dist, ...(options.canary !== undefined ? { canaryPercentage: options.canary } : {}) });
    console.log(
      `${result.copied ? 'Published' : 'Re-published (unchanged build)'} ${result.remote} ${result.version}` +
        `${result.canary !== null ? ` as a canary for ${result.canary}% of browsers` : ''}.\n  manifest: ${result.manifest}\n  integrity: ${result.integrity}`,
    );
  });

program
  .command('rollback')
  .description('point the registry back at an earlier release (a registry swap; nothing is rebuilt)')
  .argument('<remote>')
  .argument('<version>', 'a published version (1.0.0 picks its latest build, or 1.0.0+<hash>)')
  .option('--env <dir>', 'environment folder', DEFAULT_ENV)
  .action((remote: string, version: string, options: { env: string }) => {
    const result = rollbackRemote(openEnvironment(path.resolve(options.env)), remote, version);
    console.log(`${remote} is now ${result.version} (${result.manifest}).`);
  });

program
  .command('list')
  .description('show what is live and every published release')
  .option('--env <dir>', 'environment folder', DEFAULT_ENV)
  .action((options: { env: string }) => {
    const env = openEnvironment(path.resolve(options.env));
    const registry = readRegistry(env);
    console.log(`Environment ${registry.environment} (registry updated ${registry.updatedAt})`);
    const names = new Set([...Object.keys(registry.remotes), ...Object.keys(env.read().origins).filter((n) => n !== 'shell')]);
    if (names.size === 0) console.log('  no remotes published yet');
    for (const name of [...names].sort()) {
      const live = registry.remotes[name];
      console.log(`  ${name}${live ? ` → ${live.version} at ${live.route}` : ' (not live)'}${live?.canary ? `, canary ${live.canary.version} for ${live.canary.percentage}%` : ''}`);
      for (const release of readReleases(env, name)) {
        const marker = release.version === live?.version ? '*' : release.version === live?.canary?.version ? 'c' : ' ';
        console.log(`    ${marker} ${release.version}  published ${release.publishedAt}`);
      }
    }
  });

program
  .command('serve')
  .description('publish the current builds into an environment and serve it (shell and each remote on its own port)')
  .option('--env <dir>', 'environment folder', DEFAULT_ENV)
  .option('--port <port>', 'the shell’s port', port, 3000)
  .option('--remote-port <port>', 'the first remote’s port (the next ones follow)', port, 3001)
  .option('--supabase-url <url>', 'the Supabase API the shell talks to', 'http://127.0.0.1:54321')
  .option('--no-publish', 'serve what the environment holds')
  .action(async (options: { env: string; port: number; remotePort: number; supabaseUrl: string; publish: boolean }) => {
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

program.parseAsync().catch((error: unknown) => {
  console.error(isDeployError(error) ? `${error.code} ${error.message}` : error instanceof Error ? error.message : String(error));
  process.exit(1);
});
