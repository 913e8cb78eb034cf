// portal-emulator: the Supabase CLI's daily commands (start, status, db reset, db dump,
// migration new/list, gen types typescript) for the emulator, plus export/import.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Database } from './db/database.js';
import type { importEmulator } from './commands/export.js';
import { formatMigrationTable, localMigrations, newMigration } from './commands/migration.js';
import { teamMigrationFiles } from './db/team-migrations.js';
import { findPortHolder, portTakenMessage } from './commands/port-holder.js';
import type { CommandArgs, CommandName, CommandResult } from './commands/registry.js';
import {
  callRunning,
  readRunningState,
  removeRunningState,
  writeRunningState,
  type RunningState,
} from './commands/running.js';
import { formatStatus, statusFields, STATUS_FORMATS, usableJwtSecret, type StatusFormat } from './commands/status.js';

interface CommonOptions {
  workdir?: string;
  dataDir?: string;
}

interface TeamOptions {
  team?: string;
  teamMigrations?: string;
}

/** `--team` and `--team-migrations` go together: a team's migrations run as that team's role. */
function teamMigrationsOf(options: TeamOptions): { team: string; dir: string } | null {
  if (!options.team && !options.teamMigrations) return null;
  if (!options.team || !options.teamMigrations) {
    throw new Error('A team\'s migrations need both --team <name> (its role is team_<name>) and --team-migrations <folder>.');
  }
  return { team: options.team, dir: path.resolve(options.teamMigrations) };
}

interface StartCliOptions extends CommonOptions, TeamOptions {
  port?: number;
  mailPort?: number;
  consolePort?: number;
  reset?: boolean;
  quiet?: boolean;
  ephemeral?: boolean;
  import?: string;
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0 picks a free one).');
  }
  return port;
}

function schemaList(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}

/** Whether a port can be listened on now (checked before the database is opened). */
function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function refuseTakenPorts(config: Config): Promise<void> {
  const checks: [what: string, port: number, flag: string][] = [
    ['API', config.port, '--port'],
    ['mailbox', config.mailPort, '--mail-port'],
    ['console', config.consolePort, '--console-port'],
  ];
  for (const [what, port, flag] of checks) {
    if (port !== 0 && !(await portFree(port, config.host))) {
      throw new Error(portTakenMessage(what, port, flag, findPortHolder(port)));
    }
  }
}

async function start(options: StartCliOptions): Promise<void> {
  const config = loadConfig({ ...options, teamMigrations: teamMigrationsOf(options) });
  // The state file stays where `status` looks for it, even when the data is elsewhere.
  const stateDir = config.dataDir;
  const running = readRunningState(stateDir);
  if (running) {
    throw new Error(
      `An emulator is already running for ${config.workdir} (pid ${running.pid}, ${running.apiUrl}). Stop it first, or give this one another --data-dir.`,
    );
  }
  await refuseTakenPorts(config);
  const ephemeral = options.ephemeral ? mkdtempSync(path.join(os.tmpdir(), 'portal-emulator-ephemeral-')) : null;
  if (ephemeral) {
    if (config.databaseUrl) throw new Error('--ephemeral keeps the embedded database in a temporary folder; it cannot be combined with DATABASE_URL.');
    config.dataDir = ephemeral;
  }
  const started = performance.now();
  let mails: Awaited<ReturnType<typeof importEmulator>>['mails'] = [];
  if (options.import) {
    if (config.databaseUrl) throw new Error('--import loads into the embedded database; unset DATABASE_URL.');
    const { importEmulator } = await import('./commands/export.js');
    mails = (await importEmulator(options.import, config.dataDir)).mails;
  }
  const { startEmulator } = await import('./server.js');
  const emulator = await startEmulator(config);
  emulator.mailbox.restore(mails);
  const ready = performance.now() - started;
  // Listening for the signals before the lines that say it is ready: a supervisor that stops it
  // as soon as it reads them (a test harness, a script) sent SIGTERM while Node's default, which
  // ends the process at once, was still in place, and the database was left unclosed.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping (${signal})…`);
    await emulator.stop();
    removeRunningState(stateDir);
    if (ephemeral) {
      rmSync(ephemeral, { recursive: true, force: true });
      // The state folder was made for this run only: leave nothing behind.
      if (existsSync(stateDir) && readdirSync(stateDir).length === 0) rmdirSync(stateDir);
    }
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const parent = process.env.PORTAL_EMULATOR_PARENT_PID;
  if (parent) stopWithParent(Number(parent), () => void stop('parent exited'));
  mkdirSync(stateDir, { recursive: true });
  const state: RunningState = {
    pid: process.pid,
    apiUrl: emulator.apiUrl,
    mailUrl: emulator.mailUrl,
    consoleUrl: emulator.consoleUrl,
    dbUrl: config.databaseUrl,
    anonKey: emulator.apiKeys.anon,
    serviceRoleKey: emulator.apiKeys.serviceRole,
  };
  writeRunningState(stateDir, state);
  for (const file of emulator.migrations.applied) console.log(`Applied migration ${file}`);
  for (const file of emulator.teamMigrations) console.log(`Applied team migration ${file} (${config.teamMigrations?.team})`);
  if (emulator.migrations.seeded) console.log('Seeded data from supabase/seed.sql');
  if (options.import) console.log(`Imported ${path.resolve(options.import)} (${mails.length} mails)`);
  const where = ephemeral
    ? `PGlite in ${ephemeral} (ephemeral: removed at stop)`
    : config.databaseUrl
      ? config.databaseUrl.replace(/:[^:@/]*@/, ':***@')
      : `PGlite in ${config.dataDir}`;
  console.log(`Started portal emulator in ${(ready / 1000).toFixed(1)}s.`);
  console.log(`Database: ${where}\n`);
  process.stdout.write(formatStatus(statusFields(state, usableJwtSecret(config)), 'pretty') + '\n');

}

/**
 * With PORTAL_EMULATOR_PARENT_PID (the test harness sets it), the emulator stops once that process
 * is no longer its parent: a parent killed outright (SIGKILL, or a jest worker ended by jest)
 * runs no clean-up of its own, and its emulator would otherwise run on, orphaned.
 */
function stopWithParent(parentPid: number, stop: () => void): void {
  const check = () => {
    if (process.ppid === parentPid) return;
    clearInterval(timer);
    stop();
  };
  const timer = setInterval(check, 500);
  timer.unref();
  check();
}

function requireRunning(config: Config): RunningState {
  const state = readRunningState(config.dataDir);
  if (!state) {
    throw new Error(`No emulator is running for ${config.workdir}. Start it with: portal-emulator start`);
  }
  return state;
}

async function status(options: CommonOptions & { output: StatusFormat }): Promise<void> {
  const config = loadConfig(options);
  const state = requireRunning(config);
  const healthy = await fetch(`${state.apiUrl}/auth/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!healthy) throw new Error(`The emulator (pid ${state.pid}) at ${state.apiUrl} does not answer.`);
  if (options.output === 'pretty') console.error('portal emulator is running.\n');
  process.stdout.write(formatStatus(statusFields(state, usableJwtSecret(config)), options.output));
}

/** The database of a stopped emulator, opened directly (as the running one would hold it). */
async function openStoppedDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const { PostgresDatabase } = await import('./db/postgres.js');
    return PostgresDatabase.open(config.databaseUrl);
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(dir)) {
    throw new Error(`No database in ${config.dataDir} yet: run portal-emulator start (or db reset) first.`);
  }
  const { PGliteDatabase } = await import('./db/pglite.js');
  return PGliteDatabase.open(dir);
}

/** Runs a database command where the database is: in the running emulator, or here. */
async function run<N extends CommandName>(config: Config, name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
  const state = readRunningState(config.dataDir);
  if (state) return callRunning(state, name, args);
  const db = await openStoppedDatabase(config);
  const [{ runCommand }, { Mailbox }] = await Promise.all([import('./commands/registry.js'), import('./mail/mailbox.js')]);
  try {
    const seedServices = () => Promise.reject(new Error('storage buckets are seeded by a running emulator'));
    return await runCommand(name, { db, config, mailbox: new Mailbox(), seedServices }, args);
  } finally {
    await db.close();
  }
}

async function dbReset(options: CommonOptions & TeamOptions): Promise<void> {
  const config = loadConfig({ ...options, teamMigrations: teamMigrationsOf(options) });
  const started = performance.now();
  const state = readRunningState(config.dataDir);
  if (state) {
    console.log(`Resetting the database of the running emulator (${state.apiUrl})…`);
    const report = await callRunning(state, 'db-reset', {});
    for (const file of report.applied) console.log(`Applying migration ${file}...`);
    for (const file of report.teamApplied) console.log(`Applying team migration ${file}...`);
    if (report.seeded) console.log('Seeding data from supabase/seed.sql...');
    for (const line of report.seededByServices) console.log(line);
  } else {
    // Nothing holds the database: start afresh from an empty data directory.
    const fresh = loadConfig({ ...options, teamMigrations: teamMigrationsOf(options), reset: true, port: 0, mailPort: 0, quiet: true });
    const { startEmulator } = await import('./server.js');
    const emulator = await startEmulator(fresh);
    for (const file of emulator.migrations.applied) console.log(`Applying migration ${file}...`);
    for (const file of emulator.teamMigrations) console.log(`Applying team migration ${file}...`);
    if (emulator.migrations.seeded) console.log('Seeding data from supabase/seed.sql...');
    await emulator.stop();
  }
  console.log(`Finished portal-emulator db reset in ${((performance.now() - started) / 1000).toFixed(1)}s.`);
}

async function dbDump(options: CommonOptions & { dataOnly?: boolean; schemaOnly?: boolean; schema?: string[]; file?: string }): Promise<void> {
  const config = loadConfig(options);
  const { text } = await run(config, 'db-dump', {
    schemas: options.schema ?? [],
    dataOnly: options.dataOnly ?? false,
    schemaOnly: options.schemaOnly ?? false,
  });
  if (options.file) {
    writeFileSync(options.file, text);
    console.error(`Dumped database to ${options.file}`);
  } else {
    process.stdout.write(text);
  }
}

async function migrationNew(name: string, options: CommonOptions): Promise<void> {
  const config = loadConfig(options);
  // As the CLI: SQL piped in becomes the migration's body (`… | portal-emulator migration new x`).
  let sql = '';
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    sql = Buffer.concat(chunks).toString('utf8');
  }
  const file = newMigration(config.supabaseDir, name, new Date(), sql);
  console.log(`Created new migration at ${path.relative(config.workdir, file)}`);
}

async function migrationList(options: CommonOptions & TeamOptions): Promise<void> {
  const team = teamMigrationsOf(options);
  const config = loadConfig({ ...options, teamMigrations: team });
  const { applied } = await run(config, 'migration-list', team ? { team: team.team } : {});
  const local = team ? teamMigrationFiles(team.dir) : localMigrations(config.supabaseDir);
  process.stdout.write(`\n${formatMigrationTable(local, applied)}\n`);
}

/** `migration up`: the project's and the team's new migration files, applied without a reset. */
async function migrationUp(options: CommonOptions & TeamOptions & { teamOnly?: boolean }): Promise<void> {
  const team = teamMigrationsOf(options);
  const config = loadConfig({ ...options, teamMigrations: team });
  const report = await run(config, 'migration-up', { ...team, teamOnly: options.teamOnly ?? false });
  for (const file of report.applied) console.log(`Applied migration ${file}`);
  for (const file of report.teamApplied) console.log(`Applied team migration ${file} (${report.team})`);
  if (report.applied.length + report.teamApplied.length === 0) console.log('Local database is up to date.');
}

/**
 * `migration check`: the team's migrations on a scratch copy of the project (its migrations, then
 * the team's as the team's role), and what must change before they may be delivered.
 */
async function migrationCheck(options: CommonOptions & TeamOptions): Promise<void> {
  const team = teamMigrationsOf(options);
  const config = loadConfig({ ...options, teamMigrations: team });
  if (!team) throw new Error('Name the team and its migrations: portal-emulator migration check --team <name> --team-migrations <folder>.');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-emulator-check-'));
  const [{ openScratchPGlite }, { applyMigrations }, { checkTeamMigrations }] = await Promise.all([
    import('./db/open.js'),
    import('./db/migrations.js'),
    import('./db/team-migration-check.js'),
  ]);
  const db = await openScratchPGlite(path.join(scratch, 'pglite'));
  try {
    await applyMigrations(db, config.supabaseDir);
    const result = await checkTeamMigrations(db, team);
    for (const file of result.applied) console.log(`Applied ${file} on a scratch copy of the project.`);
    if (result.problems.length > 0) {
      console.error(`\nThe team's migrations cannot be delivered yet:\n${result.problems.map((problem) => `  - ${problem}`).join('\n')}`);
      process.exitCode = 1;
      return;
    }
    console.log(`\nReady to deliver: ${result.applied.length} migration(s); the team's tables ${result.tables.join(', ') || '(none)'} have row level security on with policies, and nothing of the platform changed.`);
  } finally {
    await db.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function genTypes(language: string, options: CommonOptions & { schema?: string[]; lang?: string; team?: string }): Promise<void> {
  const lang = options.lang ?? language;
  if (lang !== 'typescript') throw new Error(`Only typescript types are generated here, not ${JSON.stringify(lang)}.`);
  const config = loadConfig(options);
  const { text } = await run(config, 'gen-types', { schemas: options.schema ?? ['public'], ...(options.team ? { team: options.team } : {}) });
  process.stdout.write(text);
}

async function exportCommand(dir: string, options: CommonOptions): Promise<void> {
  const config = loadConfig(options);
  const running = readRunningState(config.dataDir);
  const summary = await run(config, 'export', { dir: path.resolve(dir) });
  console.log(
    `Exported to ${summary.dir}: database, stored files, ${summary.mails} mails` +
      (running ? '.' : ' (the emulator is stopped: its mailbox, kept in memory, is empty).'),
  );
}

function withCommonOptions(command: Command): Command {
  return command
    .option('--workdir <dir>', 'folder holding supabase/ (migrations, seed.sql, functions, config.toml)')
    .option('--data-dir <dir>', 'where the database and stored files live (default <workdir>/.supabase-local)');
}

function withTeamOptions(command: Command): Command {
  return command
    .option('--team <name>', "a team whose own migrations apply after the project's, as its role team_<name>")
    .option('--team-migrations <dir>', "the folder of the team's migrations (<version>_<name>.sql)");
}

const program = new Command('portal-emulator').description('A Supabase-compatible local backend on embedded Postgres.');
withTeamOptions(withCommonOptions(program.command('start').description('start the API gateway and the mailbox')))
  .option('--port <port>', 'API port (default 54321; 0 picks a free one)', portNumber)
  .option('--mail-port <port>', 'mailbox port (default 54324; 0 picks a free one)', portNumber)
  .option('--console-port <port>', 'console port (default 54323 beside the default API port, else a free one)', portNumber)
  .option('--reset', 'wipe the database and files, then migrate and seed again')
  .option('--ephemeral', 'keep everything in a temporary folder, removed at stop')
  .option('--import <dir>', 'start from an export (replaces the data directory)')
  .option('--quiet', 'no request log lines')
  .action(start);
withCommonOptions(program.command('status').description('show the URLs and keys of the running emulator'))
  .addOption(new Option('-o, --output <format>', 'output format').choices(STATUS_FORMATS).default('pretty'))
  .action(status);

const db = program.command('db').description('database commands');
withTeamOptions(withCommonOptions(db.command('reset').description('recreate the database, apply migrations and seed.sql'))).action(dbReset);
withCommonOptions(db.command('dump').description('write the database as SQL (the project\'s schemas by default)'))
  .option('--data-only', 'only the rows')
  .option('--schema-only', 'only the definitions')
  .option('-s, --schema <schemas>', 'comma-separated schemas to dump', schemaList)
  .option('-f, --file <file>', 'write to a file instead of stdout')
  .action(dbDump);

const migration = program.command('migration').description('migration scripts in supabase/migrations');
withCommonOptions(migration.command('new <name>').description('create supabase/migrations/<timestamp>_<name>.sql')).action(migrationNew);
withTeamOptions(withCommonOptions(migration.command('list').description('local migrations next to those the database applied'))).action(migrationList);
withTeamOptions(withCommonOptions(migration.command('up').description("apply new migration files (the project's, then the team's) without a reset")))
  .option('--team-only', "only the team's (delivering them to a shared database named by DATABASE_URL)")
  .action(migrationUp);
withTeamOptions(withCommonOptions(migration.command('check').description("a team's migrations on a scratch copy of the project: row level security and policies on its tables, the platform's untouched"))).action(migrationCheck);

const gen = program.command('gen').description('code generation');
withCommonOptions(gen.command('types [language]').description('the Database type for createClient<Database>()'))
  .option('--lang <language>', 'output language (typescript)')
  .option('-s, --schema <schemas>', 'comma-separated schemas (default public)', schemaList)
  .option('--local', 'the local database (always, here)')
  .option('--team <name>', 'only what the team\'s migrations created (owned by team_<name>), to combine with the platform\'s Database')
  .action((language: string | undefined, options: CommonOptions & { schema?: string[]; lang?: string; team?: string }) =>
    genTypes(language ?? 'typescript', options),
  );

withCommonOptions(program.command('export <dir>').description('save the database, stored files and mailbox to a folder'))
  .action(exportCommand);

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Invalid configuration: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
