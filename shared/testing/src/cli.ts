#!/usr/bin/env node
// portal-testing: a team's `npm run dev`. In the team's repository (remote.json), it builds the
// remote and rebuilds it on every change, starts the emulator (the portal's
// backend project plus the team's migrations) and the released shell, publishes each good build
// into a local environment (reload the page to see it), and serves the latest build on a dev
// server, from which a deployed portal's developer override runs it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPortal, type TestPortal } from './portal.js';

const HELP = `Usage: portal-testing dev [options]   (in the remote's folder)

  --port <n>             the portal (shell)                 default 3000
  --emulator-port <n>    the Supabase API (emulator)        default 54321
  --mail-port <n>        the emulator's mailbox             default 54324
  --dev-server-port <n>  the dev server of the latest build default remote.json's port + 100
  --data-dir <dir>       where the database and the environment live   default .portal
  Port 0 picks a free port.`;

async function dev(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '3000' },
      'emulator-port': { type: 'string', default: '54321' },
      'mail-port': { type: 'string', default: '54324' },
      'dev-server-port': { type: 'string' },
      'data-dir': { type: 'string', default: '.portal' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(HELP);
  const dir = process.cwd();
  if (!existsSync(path.join(dir, 'remote.json'))) throw new Error(`${dir} has no remote.json: run portal-testing dev in your remote's folder.`);
  const meta = JSON.parse(readFileSync(path.join(dir, 'remote.json'), 'utf8')) as { name: string; port?: number };
  const devServerPort = Number(values['dev-server-port'] ?? (meta.port ? meta.port + 100 : 0));

  // Loaded here: rspack's native binding is for this command only.
  const { rspack } = await import('@rspack/core');
  const { remoteConfig } = await import('@portal/deploy/rspack');
  // A production build, as `npm run dev -w remotes/<name>` makes in the portal's repository: a
  // development build uses React's jsx-dev-runtime, which the shell does not share.
  const compiler = rspack(await remoteConfig({ dir, mode: 'production' }));
  let portal: TestPortal | null = null;
  await new Promise<void>((resolve, reject) => {
    const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
      if (error || stats?.hasErrors()) {
        console.error(error?.message ?? stats?.toString({ all: false, errors: true }));
        if (!portal) reject(error ?? new Error('The first build of the remote failed.'));
        return;
      }
      if (!portal) return resolve();
      portal.republish().then(
        (version) => console.log(`Published ${meta.name} ${version}: reload the page to see it.`),
        (failure: unknown) => console.error(`Not published: ${failure instanceof Error ? failure.message : String(failure)}`),
      );
    });
    const stop = () => watching.close(() => void (portal?.stop() ?? Promise.resolve()).then(() => process.exit(0)));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  console.log('Starting the emulator (the portal\'s project and your migrations) and the shell…');
  portal = await startPortal({
    remoteDir: dir,
    workDir: path.resolve(values['data-dir']),
    shellPort: Number(values.port),
    emulatorPort: Number(values['emulator-port']),
    mailPort: Number(values['mail-port']),
    devServerPort,
  });
  console.log(`Supabase API: ${portal.apiUrl}`);
  console.log(`Mailbox: ${portal.mailUrl}`);
  if (portal.devServerUrl) {
    console.log(`Dev server: ${portal.devServerUrl}/mf-manifest.json (in a deployed portal that allows this origin, run it with portalDevOverrides.set('${meta.name}', '${portal.devServerUrl}/mf-manifest.json'))`);
  }
  console.log(`Watching ${dir}; each good build is published to the local portal.`);
  console.log(`Portal: ${portal.url}${portal.remote.route}`);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'dev') {
  console.error(`Usage: portal-testing dev [options]   (${command === undefined ? 'name a command' : `no command "${command}"`}; --help for the options)`);
  process.exit(2);
}
dev(rest).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
