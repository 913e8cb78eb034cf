// `npm run dev -w remotes/<name>`: one remote's team works on it alone. The dev host is the real
// shell (it provides the platform, React and the client), the remote rebuilds on every change and
// each good build is published into a private environment: reload the page to see it. The latest
// build is also served as is on the remote's dev server (dev-origins.ts), from which another local
// portal's overrides panel may run it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rspack } from '@rspack/core';
import { appConfig, appDir, buildApps, repoRoot } from './build.js';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process.js';
import { LOCAL_SHELL_HOST, startLocalPortal, type LocalPortal } from './local-portal.js';
import { devServerOrigin, remotePortOf } from './dev-origins.js';
import { startStaticServer, type StaticServer } from './static-server.js';
import { defaultActor } from './actor.js';
import { publishRemote } from './publish.js';
import { folderTarget } from './targets/folder-target.js';

export async function devRemote(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: process.env.PORTAL_PORT ?? '3000' },
      'remote-port': { type: 'string', default: process.env.PORTAL_REMOTE_PORT ?? '3001' },
      'emulator-port': { type: 'string', default: process.env.PORTAL_EMULATOR_PORT ?? '54321' },
      'mail-port': { type: 'string', default: process.env.PORTAL_MAIL_PORT ?? '54324' },
      'supabase-url': { type: 'string', default: process.env.PORTAL_SUPABASE_URL },
    },
  });
  const remote = positionals[0];
  if (!remote) throw new Error('Name the remote to develop, e.g. node scripts/dev-remote.js account.');
  const distDir = path.join(repoRoot, 'remotes', remote, 'dist');

  console.log('Building the shell (the dev host)…');
  await buildApps(['shell']);

  let emulator: EmulatorProcess | null = null;
  let apiUrl = values['supabase-url'];
  if (!apiUrl) {
    emulator = await startEmulatorProcess({
      repoRoot,
      port: Number(values['emulator-port']),
      mailPort: Number(values['mail-port']),
      dataDir: path.join(repoRoot, '.tmp', `dev-${remote}-emulator`),
      refusedHosts: [LOCAL_SHELL_HOST],
    });
    apiUrl = emulator.apiUrl;
  }

  const compiler = rspack(await appConfig(appDir(remote)));
  let portal: LocalPortal | null = null;
  let devServer: StaticServer | null = null;
  const firstBuild = new Promise<void>((resolve, reject) => {
    const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
      if (error || stats?.hasErrors()) {
        console.error(error?.message ?? stats?.toString({ all: false, errors: true }));
        if (!portal) reject(error ?? new Error('The first build of the remote failed.'));
        return;
      }
      if (portal) {
        publishRemote(folderTarget(portal.env), { distDir, actor: defaultActor(), allowRebuild: true }).then(
          (published) => console.log(`Published ${remote} ${published.version}: reload the page to see it.`),
          (failure: unknown) => console.error(`Not published: ${failure instanceof Error ? failure.message : String(failure)}`),
        );
      } else resolve();
    });
    const stop = () => {
      watching.close(() => {
        void Promise.all([portal?.close(), devServer?.close()])
          .then(() => emulator?.stop())
          .then(() => process.exit(0));
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await firstBuild;
  portal = await startLocalPortal({
    envDir: path.join(repoRoot, '.tmp', `dev-${remote}`),
    envName: `dev-${remote}`,
    shellDist: path.join(repoRoot, 'shell', 'dist'),
    remoteDists: { [remote]: distDir },
    shellPort: Number(values.port),
    remotePorts: { [remote]: Number(values['remote-port']) },
    supabaseUrl: apiUrl,
  });
  const remotePort = remotePortOf(path.join(repoRoot, 'remotes', remote));
  if (remotePort !== null) {
    const { port } = new URL(devServerOrigin(remotePort));
    devServer = await startStaticServer({ root: distDir, port: Number(port), cors: true });
  }
  console.log(`Watching remotes/${remote}; each good build is published to the dev registry.`);
  if (devServer) {
    console.log(`Dev server: ${devServer.url}/mf-manifest.json (the latest build: run it in another local portal from its status page's Dev overrides panel)`);
  }
  console.log(`Portal: ${portal.shellUrl}`);
}
