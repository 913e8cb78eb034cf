// The running emulator of a workdir: `start` records its process and URLs in
// `<data-dir>/emulator.json`, other commands read it and talk to that process.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SERVICE_ROLE_KEY } from '../keys.js';
import type { CommandArgs, CommandName, CommandResult } from './registry.js';

const STATE_FILE = 'emulator.json';
/** Where the running emulator serves the CLI's commands (commands/service.ts). */
export const COMMANDS_MOUNT = '/_emulator/v1';

const stateSchema = z.object({
  pid: z.number().int(),
  apiUrl: z.string(),
  mailUrl: z.string(),
  /** The console (request log, RLS verdicts); absent in a state file of an older emulator. */
  consoleUrl: z.string().optional(),
  /** A Postgres URL clients may connect to (only with DATABASE_URL: PGlite takes no connections). */
  dbUrl: z.string().nullable().default(null),
  /**
   * The anon and service_role keys when they are signed with `signing_keys_path` (ES256 signatures
   * differ each time, so other commands print what the running emulator hands out).
   */
  anonKey: z.string().optional(),
  serviceRoleKey: z.string().optional(),
});

export type RunningState = z.infer<typeof stateSchema>;

export function writeRunningState(stateDir: string, state: RunningState): void {
  writeFileSync(path.join(stateDir, STATE_FILE), JSON.stringify(state));
}

export function removeRunningState(stateDir: string): void {
  rmSync(path.join(stateDir, STATE_FILE), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The emulator running on this data directory; null when none (a file left by a killed one is ignored). */
export function readRunningState(stateDir: string): RunningState | null {
  const file = path.join(stateDir, STATE_FILE);
  if (!existsSync(file)) return null;
  const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success || !alive(parsed.data.pid)) return null;
  return parsed.data;
}

/** Runs a command in the running emulator (see registry.ts). */
export async function callRunning<N extends CommandName>(
  state: RunningState,
  name: N,
  args: CommandArgs<N>,
): Promise<CommandResult<N>> {
  let response: Response;
  try {
    response = await fetch(`${state.apiUrl}${COMMANDS_MOUNT}/commands/${name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${state.serviceRoleKey ?? SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
  } catch (error) {
    throw new Error(`The emulator (pid ${state.pid}) at ${state.apiUrl} does not answer: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(body?.message ?? `the emulator answered ${response.status}`);
  return body as CommandResult<N>;
}
