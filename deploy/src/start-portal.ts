// `npm start`: build, then the emulator, the shell and each remote, each on its own port (separate
// origins, as separately deployed teams would have), and print where to go once all answer.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApps, repoRoot } from './build.js';
import { demoUsersFromSeed } from './demo-users.js';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process.js';
import { findRemoteBuilds, LOCAL_SHELL_HOST, startLocalPortal, type LocalPortal } from './local-portal.js';
import { readRegistry } from './registry-file.js';
import { waitUntilAnswering } from './wait-until-answering.js';

const HELP = `Usage: npm start -- [options]

  --port <n>            the portal (shell)            env PORTAL_PORT           default 3000
  --remote-port <n>     the first remote; next ones follow  env PORTAL_REMOTE_PORT  default 3001
  --emulator-port <n>   the Supabase API (emulator)   env PORTAL_EMULATOR_PORT  default 54321
  --mail-port <n>       the emulator's mailbox        env PORTAL_MAIL_PORT      default 54324
  --supabase-url <url>  use this Supabase API instead of starting the emulator   env PORTAL_SUPABASE_URL
  --no-build            serve the existing builds
  --reset               wipe the emulator's database, migrate and seed again
  Port 0 picks a free port.`;

function portOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--${name} must be a whole number from 0 to 65535 (0 picks a free one), not "${value}".`);
  }
  return port;
}

export async function startPortal(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'remote-port': { type: 'string' },
      'emulator-port': { type: 'string' },
      'mail-port': { type: 'string' },
      'supabase-url': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const env = process.env;
  const shellPort = portOption('port', values.port ?? env.PORTAL_PORT, 3000);
  const remotePort = portOption('remote-port', values['remote-port'] ?? env.PORTAL_REMOTE_PORT, 3001);
  const emulatorPort = portOption('emulator-port', values['emulator-port'] ?? env.PORTAL_EMULATOR_PORT, 54321);
  const mailPort = portOption('mail-port', values['mail-port'] ?? env.PORTAL_MAIL_PORT, 54324);
  const supabaseUrl = values['supabase-url'] ?? env.PORTAL_SUPABASE_URL;

  if (!values['no-build']) {
    console.log('Building the shell and the remotes…');
    const built = await buildApps();
    console.log(`Built ${built.apps.join(', ')} in ${(built.ms / 1000).toFixed(1)}s.`);
  }

  let emulator: EmulatorProcess | null = null;
  let portal: LocalPortal | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await portal?.close();
    await emulator?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    let apiUrl = supabaseUrl;
    if (!apiUrl) {
      console.log('Starting the emulator (embedded Postgres, migrations and seed data)…');
      emulator = await startEmulatorProcess({
        repoRoot,
        port: emulatorPort,
        mailPort,
        reset: values.reset,
        refusedHosts: [LOCAL_SHELL_HOST],
        // A second portal beside the first gets its own database.
        ...(emulatorPort === 54321 ? {} : { dataDir: path.join(repoRoot, '.tmp', `emulator-${emulatorPort}`) }),
        onLine: (line) => {
          if (/^(Applied migration|Seeded|Started|\s*(API|Mailbox|Console) URL|\s*service_role key)|rror/.test(line)) console.log(`  emulator │ ${line.trim()}`);
        },
      });
      apiUrl = emulator.apiUrl;
    } else if (new URL(apiUrl).hostname === LOCAL_SHELL_HOST) {
      console.warn(
        `Warning: the Supabase API ${apiUrl} is on ${LOCAL_SHELL_HOST}, the portal's own site: a file it serves could read the portal's session cookie. Give it as http://127.0.0.1:${new URL(apiUrl).port || 80} instead.`,
      );
    }

    const remoteDists = findRemoteBuilds(path.join(repoRoot, 'remotes'));
    const remotePorts = Object.fromEntries(Object.keys(remoteDists).map((name, i) => [name, remotePort === 0 ? 0 : remotePort + i]));
    const envName = shellPort === 3000 ? 'local' : `local-${shellPort}`;
    portal = await startLocalPortal({
      envDir: path.join(repoRoot, 'deploy', 'dist', envName),
      envName,
      shellDist: path.join(repoRoot, 'shell', 'dist'),
      remoteDists,
      shellPort,
      remotePorts,
      supabaseUrl: apiUrl,
    });
    const registry = readRegistry(portal.env);
    await waitUntilAnswering([`${apiUrl}/auth/v1/health`, `${portal.shellUrl}/`, ...Object.values(registry.remotes).map((r) => r.manifest)]);

    for (const [name, url] of Object.entries(portal.remoteUrls)) console.log(`Remote ${name}: ${url} (${registry.remotes[name]?.version ?? 'not live'})`);
    console.log(`Supabase API: ${apiUrl}`);
    if (emulator) console.log(`Mailbox: ${emulator.mailUrl}`);
    if (emulator?.consoleUrl) console.log(`Emulator console: ${emulator.consoleUrl} (sign in with the service_role key the emulator prints)`);
    const users = demoUsersFromSeed(path.join(repoRoot, 'supabase', 'seed.sql'));
    if (users.length) {
      console.log('Demo users:');
      for (const user of users) console.log(`  ${user.email} / ${user.password}`);
    }
    console.log('Press Ctrl-C to stop.');
    console.log(`Portal: ${portal.shellUrl}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      /EADDRINUSE/.test(message)
        ? `A port is already in use (${message}). Pick others with --port / --remote-port / --emulator-port / --mail-port, or the PORTAL_* variables.`
        : `The portal could not start: ${message}`,
    );
    await stop(1);
  }
}
