// The CLI commands that read or change the database. Each runs in the process that holds it:
// a running emulator runs them when the CLI asks (`POST /_emulator/v1/commands/<name>`, PGlite
// has one connection and that process owns it); with none running, the CLI opens the data
// directory itself and runs the same code.
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Mailbox } from '../mail/mailbox.js';
import { dumpDatabase } from './dump.js';
import { exportEmulator } from './export.js';
import { generateTypeScript } from './gen-types.js';
import { appliedMigrations } from './migration.js';
import { resetInPlace } from './reset.js';
import { applyMigrations } from '../db/migrations.js';
import { appliedTeamMigrations, applyTeamMigrations, teamRole } from '../db/team-migrations.js';

export interface CommandContext {
  db: Database;
  config: Config;
  mailbox: Mailbox;
  /** What the services add to a freshly seeded database (config.toml's `[storage.buckets]`): the lines they log. */
  seedServices(): Promise<string[]>;
}

interface Command<Args extends z.ZodType, Result> {
  args: Args;
  run(context: CommandContext, args: z.infer<Args>): Promise<Result>;
}

function command<Args extends z.ZodType, Result>(args: Args, run: Command<Args, Result>['run']): Command<Args, Result> {
  return { args, run };
}

const schemaList = z.array(z.string().min(1)).default([]);
/** A team's migrations named on the command line, else those the emulator was started with. */
const teamArgs = { team: z.string().min(1).optional(), dir: z.string().min(1).optional() };

function teamOf(config: Config, args: { team?: string | undefined; dir?: string | undefined }): { team: string; dir: string } | null {
  if (args.team && args.dir) return { team: args.team, dir: args.dir };
  if (args.team && config.teamMigrations?.team === args.team) return config.teamMigrations;
  if (args.team || args.dir) throw new CommandArgsError('Name both the team (--team) and the folder of its migrations (--team-migrations).');
  return config.teamMigrations;
}

export const COMMANDS = {
  'db-reset': command(z.object({}), (context) =>
    resetInPlace(context.db, context.config, () => context.seedServices()),
  ),
  'migration-list': command(z.object({ team: z.string().min(1).optional() }), async (context, args) => ({
    applied: args.team ? await appliedTeamMigrations(context.db, args.team) : await appliedMigrations(context.db),
  })),
  // New migration files on a running database, without a reset: the project's, then the team's.
  // With `teamOnly`, the team's alone: how the platform's owners deliver a team's checked
  // migrations to a shared database (docs/team-tables.md#delivery-to-the-shared-backend).
  'migration-up': command(z.object({ ...teamArgs, teamOnly: z.boolean().default(false) }), async (context, args) => {
    const team = teamOf(context.config, args);
    if (args.teamOnly && !team) throw new CommandArgsError('--team-only needs the team: --team <name> --team-migrations <folder>.');
    const project = args.teamOnly ? { applied: [] as string[] } : await applyMigrations(context.db, context.config.supabaseDir);
    if (project.applied.length > 0) await context.db.exec(`notify pgrst, 'reload schema'`);
    const teamReport = team ? await applyTeamMigrations(context.db, team) : null;
    return { applied: project.applied, team: team?.team ?? null, teamApplied: teamReport?.applied ?? [] };
  }),
  'gen-types': command(z.object({ schemas: schemaList, team: z.string().min(1).optional() }), async (context, args) => ({
    text: await generateTypeScript(context.db, args.schemas.length > 0 ? args.schemas : ['public'], args.team ? teamRole(args.team) : null),
  })),
  'db-dump': command(
    z.object({ schemas: schemaList, dataOnly: z.boolean().default(false), schemaOnly: z.boolean().default(false) }),
    async (context, args) => ({ text: await dumpDatabase(context.db, context.config.databaseUrl, args) }),
  ),
  export: command(z.object({ dir: z.string().min(1) }), (context, args) =>
    exportEmulator(args.dir, { db: context.db, dataDir: context.config.dataDir, mails: context.mailbox.list() }),
  ),
};

export type CommandName = keyof typeof COMMANDS;
export type CommandArgs<N extends CommandName> = z.input<(typeof COMMANDS)[N]['args']>;
export type CommandResult<N extends CommandName> = Awaited<ReturnType<(typeof COMMANDS)[N]['run']>>;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

export async function runCommand<N extends CommandName>(
  name: N,
  context: CommandContext,
  rawArgs: unknown,
): Promise<CommandResult<N>> {
  const definition = COMMANDS[name] as unknown as Command<z.ZodType, CommandResult<N>>;
  const args = definition.args.safeParse(rawArgs ?? {});
  if (!args.success) {
    throw new CommandArgsError(args.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  return definition.run(context, args.data);
}

export class CommandArgsError extends Error {}
