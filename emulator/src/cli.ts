// portal-emulator start | status | db reset — the Supabase CLI's habits, offline.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, type StartOptions } from './config.js';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './keys.js';
import { startEmulator } from './server.js';

interface CliOptions {
  workdir?: string;
  port?: number;
  mailPort?: number;
  dataDir?: string;
  reset?: boolean;
  quiet?: boolean;
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  }
  return port;
}

function toStartOptions(options: CliOptions): StartOptions {
  return {
    workdir: options.workdir,
    port: options.port,
    mailPort: options.mailPort,
    dataDir: options.dataDir,
    reset: options.reset,
    quiet: options.quiet,
  };
}

const STATE_FILE = 'emulator.json';

async function start(options: CliOptions): Promise<void> {
  const config = loadConfig(toStartOptions(options));
  const started = performance.now();
  const emulator = await startEmulator(config);
  const ready = performance.now() - started;
  const database = config.databaseUrl ? config.databaseUrl.replace(/:[^:@/]*@/, ':***@') : `PGlite in ${config.dataDir}`;
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(
    path.join(config.dataDir, STATE_FILE),
    JSON.stringify({ pid: process.pid, apiUrl: emulator.apiUrl, mailUrl: emulator.mailUrl }),
  );
  for (const file of emulator.migrations.applied) console.log(`Applied migration ${file}`);
  if (emulator.migrations.seeded) console.log('Seeded data from supabase/seed.sql');
  console.log(
    [
      `Started portal emulator in ${(ready / 1000).toFixed(1)}s.`,
      '',
      `         API URL: ${emulator.apiUrl}`,
      `        REST URL: ${emulator.apiUrl}/rest/v1`,
      `     Mailbox URL: ${emulator.mailUrl}`,
      `        Database: ${database}`,
      ` Publishable key: ${PUBLISHABLE_KEY}`,
      `      Secret key: ${SECRET_KEY}`,
      `        anon key: ${ANON_KEY}`,
      `service_role key: ${SERVICE_ROLE_KEY}`,
      `      JWT secret: ${config.jwtSecret}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping (${signal})…`);
    await emulator.stop();
    rmSync(path.join(config.dataDir, STATE_FILE), { force: true });
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function status(options: CliOptions): Promise<void> {
  const config = loadConfig(toStartOptions(options));
  const stateFile = path.join(config.dataDir, STATE_FILE);
  if (!existsSync(stateFile)) {
    console.log(`No emulator is running for ${config.workdir}.`);
    process.exitCode = 1;
    return;
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number; apiUrl: string; mailUrl: string };
  const healthy = await fetch(`${state.apiUrl}/auth/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  console.log(`         API URL: ${state.apiUrl} (${healthy ? 'healthy' : 'not answering'})`);
  console.log(`     Mailbox URL: ${state.mailUrl}`);
  console.log(`        anon key: ${ANON_KEY}`);
  console.log(`service_role key: ${SERVICE_ROLE_KEY}`);
  if (!healthy) process.exitCode = 1;
}

async function reset(options: CliOptions): Promise<void> {
  const config = loadConfig({ ...toStartOptions(options), reset: true, port: 0, mailPort: 0, quiet: true });
  const emulator = await startEmulator(config);
  for (const file of emulator.migrations.applied) console.log(`Applied migration ${file}`);
  if (emulator.migrations.seeded) console.log('Seeded data from supabase/seed.sql');
  await emulator.stop();
  console.log('Database reset.');
}

function withCommonOptions(command: Command): Command {
  return command
    .option('--workdir <dir>', 'folder holding supabase/ (migrations, seed.sql, functions, config.toml)')
    .option('--data-dir <dir>', 'where the database and stored files live (default <workdir>/.supabase-local)');
}

const program = new Command('portal-emulator').description('A Supabase-compatible local backend on embedded Postgres.');
withCommonOptions(program.command('start').description('start the API gateway and the mailbox'))
  .option('--port <port>', 'API port (default 54321; 0 picks a free one)', portNumber)
  .option('--mail-port <port>', 'mailbox port (default 54324; 0 picks a free one)', portNumber)
  .option('--reset', 'wipe the database and files, then migrate and seed again')
  .option('--quiet', 'no request log lines')
  .action(start);
withCommonOptions(program.command('status').description('show the URLs and keys of a running emulator')).action(status);
const db = program.command('db').description('database commands');
withCommonOptions(db.command('reset').description('recreate the database, apply migrations and seed.sql')).action(reset);

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Invalid configuration: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
