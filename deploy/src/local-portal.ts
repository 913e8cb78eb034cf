// Serves a whole portal locally as separately deployed teams would: the shell on one origin,
// each remote on its own, published through the same steps as a real environment.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defaultActor } from './actor.js';
import { repoRoot } from './build.js';
import { devServerOrigins } from './dev-origins.js';
import { openEnvironment, writeFileAtomically, type Environment } from './environment.js';
import { publishRemote, publishShell, repointRegistry, type PublishResult } from './publish.js';
import { readShellPolicySources, shellContentSecurityPolicy } from './content-security-policy.js';
import { startStaticServer, type StaticServer } from './static-server.js';
import { folderTarget } from './targets/folder-target.js';

/**
 * The name the local shell is opened on. The emulator's API is on 127.0.0.1, and browsers share
 * cookies between every port of a name: a document the API serves (a stored SVG or HTML file)
 * would read the session cookie of a shell on 127.0.0.1. On `localhost` the shell is another site;
 * the emulator is started refusing that name (PORTAL_REFUSED_HOSTS), and the shell's server sends
 * a visit to 127.0.0.1 over to it (docs/architecture.md#security).
 */
export const LOCAL_SHELL_HOST = 'localhost';

export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface LocalPortalOptions {
  /** The environment's folder (registry, releases, served files). */
  envDir: string;
  envName?: string;
  shellDist: string;
  /** Remote name → its build folder. */
  remoteDists: Record<string, string>;
  /** 0 picks a free port. */
  shellPort?: number;
  /** Remote name → port (0 or absent picks a free one). */
  remotePorts?: Record<string, number>;
  supabaseUrl: string;
  supabaseAnonKey?: string;
  /** Don't publish the builds (serve what the environment holds, e.g. after a rollback). */
  skipPublish?: boolean;
  /**
   * The dev servers a developer's override may load from (config.json `devOrigins`); default the
   * ones `npm run dev -w remotes/<name>` serves for each remote in remotes/ (dev-origins.ts).
   */
  devOrigins?: string[];
}

export interface LocalPortal {
  env: Environment;
  shellUrl: string;
  remoteUrls: Record<string, string>;
  published: PublishResult[];
  close(): Promise<void>;
}

/** Each remote folder under `remotesDir` with a build (dist/remote.json). */
export function findRemoteBuilds(remotesDir: string): Record<string, string> {
  if (!existsSync(remotesDir)) return {};
  return Object.fromEntries(
    readdirSync(remotesDir)
      .map((name) => [name, path.join(remotesDir, name, 'dist')] as const)
      .filter(([, dist]) => existsSync(path.join(dist, 'remote.json'))),
  );
}

export async function startLocalPortal(options: LocalPortalOptions): Promise<LocalPortal> {
  const env = openEnvironment(options.envDir, options.envName);
  const servers: StaticServer[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
  try {
    // Loaded here, not at the top: the session check carries @supabase/ssr and supabase-js, which
    // the deploy commands (publish, promote, status) must not load (react-free.test.ts).
    const { SESSION_CHECK_PATH, sessionCheck } = await import('./session-check.js');
    const shell = await startStaticServer({
      root: env.shellDir,
      port: options.shellPort ?? 0,
      urlHost: LOCAL_SHELL_HOST,
      redirectHosts: ['127.0.0.1'],
      spaFallback: true,
      contentSecurityPolicy: (req) => shellContentSecurityPolicy(readShellPolicySources(env.shellDir, `http://${req.headers.host}`)),
      handlers: { [SESSION_CHECK_PATH]: sessionCheck({ supabaseUrl: options.supabaseUrl, supabaseAnonKey: options.supabaseAnonKey ?? DEMO_ANON_KEY }) },
    });
    servers.push(shell);
    const remoteUrls: Record<string, string> = {};
    for (const name of Object.keys(options.remoteDists)) {
      const server = await startStaticServer({ root: env.remoteDir(name), port: options.remotePorts?.[name] ?? 0, cors: true, versionedFolders: true });
      servers.push(server);
      remoteUrls[name] = server.url;
    }
    env.setOrigins({ shell: shell.url, ...remoteUrls });

    const target = folderTarget(env);
    const actor = defaultActor();
    const published: PublishResult[] = [];
    if (!options.skipPublish) {
      publishShell(env, options.shellDist);
      // A local environment takes every build of the working tree, whatever its package version.
      for (const distDir of Object.values(options.remoteDists)) published.push(await publishRemote(target, { distDir, actor, allowRebuild: true }));
    }
    await repointRegistry(target, actor);
    writeFileAtomically(
      env.configFile,
      `${JSON.stringify(
        {
          supabaseUrl: options.supabaseUrl,
          supabaseAnonKey: options.supabaseAnonKey ?? DEMO_ANON_KEY,
          registryUrl: '/registry.json',
          signInPath: '/account/sign-in',
          environment: env.name,
          // A local environment is a developer's: a remote may run from a dev server on this
          // machine, once the developer asks for it in the overrides panel or the console.
          devOverrides: true,
          devOrigins: options.devOrigins ?? devServerOrigins(path.join(repoRoot, 'remotes')),
        },
        null,
        2,
      )}\n`,
    );
    return { env, shellUrl: shell.url, remoteUrls, published, close };
  } catch (error) {
    await close();
    throw error;
  }
}
