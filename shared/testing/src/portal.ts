// A portal on this machine with a team's remote in it: the emulator on the portal's backend
// project plus the team's migrations, the released shell, and the team's build published into a
// local folder environment, each on its own origin as deployed teams are.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_SHELL_HOST, startLocalPortal, startStaticServer, type LocalPortal, type StaticServer } from '@portal/deploy';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startEmulator, type RunningEmulator } from './emulator.js';
import { shellDist } from './layout.js';
import { adminOf, clientOf, newPerson, signedInState, type Person, type StorageState } from './people.js';

export interface PortalOptions {
  /** The team's repository: remote.json, dist/ (built), supabase/migrations. Default: the working folder. */
  remoteDir?: string;
  /** Where the database and the environment live; default a new temporary folder, removed by stop(). */
  workDir?: string;
  /** Ports (0, the default, picks free ones). */
  shellPort?: number;
  remotePort?: number;
  emulatorPort?: number;
  mailPort?: number;
  /**
   * Also serve the build as is on this port: a dev server whose remote another portal (a deployed
   * one) runs through its developer override (`portalDevOverrides.set(name, '<url>/mf-manifest.json')`).
   */
  devServerPort?: number;
  onEmulatorLine?: (line: string) => void;
}

export interface TestPortal {
  /** The shell's address (http://localhost:<port>). */
  url: string;
  /** The remote's name and route, from its remote.json. */
  remote: { name: string; route: string };
  apiUrl: string;
  mailUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The dev server's address, when `devServerPort` was given. */
  devServerUrl: string | null;
  /** The folder environment the remote is published into. */
  environmentDir: string;
  client(): SupabaseClient;
  admin(): SupabaseClient;
  newPerson(label?: string): Promise<Person>;
  /** Cookies for a browser context that opens the portal signed in as `person`. */
  signedInState(person: Person): Promise<StorageState>;
  /** Publishes the remote's build (dist/) again, as the environment's live release. */
  republish(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPortal(options: PortalOptions = {}): Promise<TestPortal> {
  const remoteDir = path.resolve(options.remoteDir ?? process.cwd());
  const distDir = path.join(remoteDir, 'dist');
  if (!existsSync(path.join(distDir, 'remote.json'))) throw new Error(`${remoteDir} has no build (dist/remote.json): build it first (npx portal-deploy build).`);
  const meta = JSON.parse(readFileSync(path.join(remoteDir, 'remote.json'), 'utf8')) as { name: string; route: string };
  const temporary = options.workDir === undefined;
  const workDir = options.workDir ?? mkdtempSync(path.join(tmpdir(), `portal-${meta.name}-`));
  let emulator: RunningEmulator | null = null;
  let portal: LocalPortal | null = null;
  let devServer: StaticServer | null = null;
  const stop = async () => {
    await devServer?.close();
    await portal?.close();
    await emulator?.stop();
    if (temporary) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    emulator = await startEmulator({
      dataDir: path.join(workDir, 'database'),
      team: { name: meta.name, migrations: path.join(remoteDir, 'supabase', 'migrations') },
      port: options.emulatorPort ?? 0,
      mailPort: options.mailPort ?? 0,
      refusedHosts: [LOCAL_SHELL_HOST],
      ...(options.onEmulatorLine ? { onLine: options.onEmulatorLine } : {}),
    });
    if (options.devServerPort !== undefined) devServer = await startStaticServer({ root: distDir, port: options.devServerPort, cors: true });
    const backend = emulator;
    const environmentDir = path.join(workDir, 'environment');
    portal = await startLocalPortal({
      envDir: environmentDir,
      envName: `local-${meta.name}`,
      shellDist: shellDist(),
      remoteDists: { [meta.name]: distDir },
      shellPort: options.shellPort ?? 0,
      remotePorts: { [meta.name]: options.remotePort ?? 0 },
      supabaseUrl: backend.apiUrl,
      supabaseAnonKey: backend.anonKey,
      devOrigins: devServer ? [devServer.url] : [],
    });
    const running = portal;
    return {
      url: running.shellUrl,
      remote: meta,
      apiUrl: backend.apiUrl,
      mailUrl: backend.mailUrl,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      devServerUrl: devServer?.url ?? null,
      environmentDir,
      client: () => clientOf(backend),
      admin: () => adminOf(backend),
      newPerson: (label) => newPerson(backend, label ?? meta.name),
      signedInState: (person) => signedInState(backend, running.shellUrl, person),
      republish: async () => {
        const { defaultActor, folderTarget, publishRemote } = await import('@portal/deploy');
        return (await publishRemote(folderTarget(running.env), { distDir, actor: defaultActor(), allowRebuild: true })).version;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
