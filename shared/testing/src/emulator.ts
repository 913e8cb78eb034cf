// Runs the emulator (@portal/emulator's command, as a person would) on the portal's backend
// project plus the team's migrations, and reads its URLs and keys from what it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { emulatorCommand, portalProject } from './layout.js';

export interface EmulatorOptions {
  /** The team (its role is team_<name>) and its migrations folder, when it has one. */
  team?: { name: string; migrations: string };
  /** Where the database lives. */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  mailPort?: number;
  /** Local names the emulator must not answer for: the shell's (`localhost`). */
  refusedHosts: string[];
  onLine?: (line: string) => void;
}

export interface RunningEmulator {
  apiUrl: string;
  mailUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  stop(): Promise<void>;
}

/**
 * Node's arguments and the environment for the emulator of a team's tests or `npm run dev`: a
 * database of a few megabytes, for minutes. So, as the portal's own test harness runs it:
 * - V8 compiles PGlite's WebAssembly with its baseline compiler alone (`--liftoff-only`):
 *   optimising the hot functions cost about 1.3 s of CPU at each start, and a test's emulator
 *   never earns it back;
 * - a 16MB buffer pool (`PORTAL_EMULATOR_SHARED_BUFFERS`, unless the caller's environment sets
 *   it): Postgres zeroes the whole pool, 128MB by default, at every start.
 */
export function emulatorProcess(options: EmulatorOptions, env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  const team = options.team && existsSync(options.team.migrations) ? ['--team', options.team.name, '--team-migrations', options.team.migrations] : [];
  return {
    args: ['--liftoff-only', emulatorCommand(), 'start', '--workdir', portalProject(), '--port', String(options.port ?? 0), '--mail-port', String(options.mailPort ?? 0), '--data-dir', options.dataDir, '--quiet', ...team],
    env: { PORTAL_EMULATOR_SHARED_BUFFERS: '16MB', ...env, PORTAL_REFUSED_HOSTS: options.refusedHosts.join(',') },
  };
}

export function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const { args, env } = emulatorProcess(options);
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const found: Record<string, string> = {};
    const lines: string[] = [];
    const patterns = { apiUrl: /API URL: (\S+)/, mailUrl: /Mailbox URL: (\S+)/, anonKey: /anon key: (\S+)/, serviceRoleKey: /service_role key: (\S+)/ };
    const onChunk = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        options.onLine?.(line);
        for (const [key, pattern] of Object.entries(patterns)) found[key] ??= pattern.exec(line)?.[1] as string;
        // The banner ends with the service_role key.
        if (found.apiUrl && found.mailUrl && found.anonKey && found.serviceRoleKey) {
          resolve({ apiUrl: found.apiUrl, mailUrl: found.mailUrl, anonKey: found.anonKey, serviceRoleKey: found.serviceRoleKey, stop });
        }
      }
    };
    child.stdout?.on('data', onChunk);
    child.stderr?.on('data', onChunk);
    child.once('exit', (code) => reject(new Error(`The emulator exited (${code}) before it was ready:\n${lines.slice(-20).join('\n')}`)));
  });
}
