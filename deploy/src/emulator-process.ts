// Runs the emulator as its own process (its CLI, as a person would) and waits for its URLs.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface EmulatorProcess {
  apiUrl: string;
  mailUrl: string;
  /** The emulator's local console (request log, RLS verdicts, users, storage…), when it serves one. */
  consoleUrl: string | null;
  stop(): Promise<void>;
}

export interface EmulatorProcessOptions {
  repoRoot: string;
  port: number;
  mailPort: number;
  dataDir?: string;
  reset?: boolean;
  /** Local names the emulator must not answer for (PORTAL_REFUSED_HOSTS): the shell's, `localhost`. */
  refusedHosts?: string[];
  /** Each line the emulator prints. */
  onLine?: (line: string) => void;
}

export function startEmulatorProcess(options: EmulatorProcessOptions): Promise<EmulatorProcess> {
  const args = [
    path.join(options.repoRoot, 'emulator/bin/portal-emulator.js'),
    'start',
    '--workdir',
    options.repoRoot,
    '--port',
    String(options.port),
    '--mail-port',
    String(options.mailPort),
    '--quiet',
    ...(options.dataDir ? ['--data-dir', options.dataDir] : []),
    ...(options.reset ? ['--reset'] : []),
  ];
  const env = options.refusedHosts ? { ...process.env, PORTAL_REFUSED_HOSTS: options.refusedHosts.join(',') } : process.env;
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
    let apiUrl = '';
    let mailUrl = '';
    let consoleUrl = '';
    const lines: string[] = [];
    const onChunk = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        options.onLine?.(line);
        apiUrl ||= /API URL: (\S+)/.exec(line)?.[1] ?? '';
        mailUrl ||= /Mailbox URL: (\S+)/.exec(line)?.[1] ?? '';
        consoleUrl ||= /Console URL: (\S+)/.exec(line)?.[1] ?? '';
        // The banner prints the console's URL before the mailbox's.
        if (apiUrl && mailUrl) resolve({ apiUrl, mailUrl, consoleUrl: consoleUrl || null, stop });
      }
    };
    child.stdout?.on('data', onChunk);
    child.stderr?.on('data', onChunk);
    child.once('exit', (code) => {
      if (!apiUrl || !mailUrl) reject(new Error(`The emulator exited (${code}) before it was ready:\n${lines.slice(-20).join('\n')}`));
    });
  });
}
