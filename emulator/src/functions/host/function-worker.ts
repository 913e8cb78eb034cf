// One function's process, seen from the emulator: starts it from a bundle under Node's
// permission model, sends it invocations, turns its answers into Responses (bodies streamed,
// pulled on demand), enforces the per-invocation wall clock and the memory limit, and notices
// when the process is stuck or gone. Whatever the function does, the emulator only ever sees
// size-limited messages on a pipe: a function cannot reach the emulator's memory, files or
// process (see runtime/process-guard.ts for what the permission model leaves open).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { FunctionsError } from '../errors.js';
import { encodeFrame, FrameReader } from '../runtime/frames.js';
import {
  BOOT_VARIABLE,
  CHANNEL_FD,
  type FromWorker,
  type LogLevel,
  type SerializedRequest,
  type ToWorker,
  type WorkerBoot,
} from '../runtime/protocol.js';

/** Edge Functions get 256 MB of memory (Supabase's documented limit), heap and buffers alike. */
const MEMORY_LIMIT_MB = 256;
/** Node itself takes ~50 MB of a process's memory, which an edge isolate does not count. */
const RUNTIME_ALLOWANCE_MB = 64;
/** How often the emulator reads a function process's resident memory. */
const MEMORY_SAMPLE_MS = 50;
/** Largest message a function's process may send (response chunks are at most 1 MiB). */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** A worker that does not answer a ping within this time is stuck in synchronous code. */
const PING_TIMEOUT_MS = 1000;


export interface WorkerOptions {
  bundleFile: string;
  boot: Omit<WorkerBoot, 'tempDir'> & {
    /** The function's environment (`Deno.env`, `process.env`). */
    env: Record<string, string>;
  };
  /** Folder in which each process gets its own temp directory. */
  tempRoot: string;
  log: (line: string) => void;
  /** The function's console lines written outside any invocation (module load, idle timers). */
  onLog?: FunctionLogSink;
}

/** Receives a function's console output, one call per console call. */
export type FunctionLogSink = (level: LogLevel, text: string) => void;
/** Invocations whose late console lines (EdgeRuntime.waitUntil, timers) still reach their sink. */
const RECENT_LOG_SINKS = 256;

export interface Invocation {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  remoteAddr: { hostname: string; port: number };
}

interface Pending {
  state: 'head' | 'body';
  resolve(response: Response): void;
  reject(error: FunctionsError): void;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
  pulled: (() => void) | null;
  timer: NodeJS.Timeout;
  detach: () => void;
}

function describeDuration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Resident memory of a process in MB, from Linux's /proc; null where there is none. */
function residentMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

export class FunctionWorker {
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly channel: Readable & Writable;
  private readonly tempDir: string;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextPing = 1;
  private readonly pongs = new Map<number, () => void>();
  private readonly logSinks = new Map<number, FunctionLogSink>();
  private exited = false;
  private suspect = false;
  private exitReason: FunctionsError | null = null;
  private readonly exitListeners: (() => void)[] = [];
  private readonly settleListeners: (() => void)[] = [];
  private settleBoot: (error?: FunctionsError) => void = () => undefined;

  constructor(private readonly options: WorkerOptions) {
    const name = options.boot.functionName;
    const { functionDir, env } = options.boot;
    this.tempDir = mkdtempSync(path.join(options.tempRoot, `${name}-`));
    const boot: WorkerBoot = { functionName: name, functionDir, tempDir: this.tempDir };
    this.child = spawn(
      process.execPath,
      [
        '--permission',
        `--allow-fs-read=${options.bundleFile}`,
        `--allow-fs-read=${functionDir}`,
        `--allow-fs-read=${this.tempDir}`,
        `--allow-fs-write=${this.tempDir}`,
        `--max-old-space-size=${MEMORY_LIMIT_MB}`,
        '--disable-warning=ExperimentalWarning',
        // Stack traces name the function's own files and lines (the bundle has inline source maps).
        '--enable-source-maps',
        options.bundleFile,
      ],
      {
        cwd: functionDir,
        env: { ...env, TMPDIR: this.tempDir, [BOOT_VARIABLE]: JSON.stringify(boot) },
        // Its console goes straight to the emulator's output; messages use their own pipe.
        stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
        // A process group of its own: nothing it signals as a group reaches the emulator.
        detached: true,
      },
    );
    this.child.unref();
    this.channel = this.child.stdio[CHANNEL_FD] as Readable & Writable;
    (this.channel as unknown as { unref(): void }).unref();
    let settled = false;
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleBoot = (error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve();
      };
    });
    const settleBoot = (error?: FunctionsError) => this.settleBoot(error);
    this.ready.catch(() => undefined);
    let booted = false;
    let crash: string | null = null;
    const frames = new FrameReader(MAX_FRAME_BYTES);
    this.channel.on('data', (chunk: Buffer) => {
      let messages: unknown[];
      try {
        messages = frames.push(chunk);
      } catch (error) {
        // Whatever a function sends, the emulator must not fail on it, nor buffer it without end.
        options.log(
          `Function ${name}: unusable message from its process: ${(error as Error).message}`,
        );
        this.exitReason ??= new FunctionsError('worker_crashed', (error as Error).message);
        void this.terminate();
        return;
      }
      for (const message of messages as FromWorker[]) {
        if (message.t === 'ready') {
          booted = true;
          settleBoot();
        } else if (message.t === 'boot-error') {
          options.log(`Function ${name} failed to boot: ${message.message}`);
          settleBoot(new FunctionsError('boot_error', message.message));
          void this.terminate();
        } else if (message.t === 'crash') {
          crash = message.message;
        } else {
          try {
            this.onMessage(message);
          } catch (error) {
            options.log(
              `Function ${name}: unusable message from its process: ${(error as Error).message}`,
            );
            if ('id' in message && message.id !== null)
              this.fail(message.id, new FunctionsError('worker_crashed', (error as Error).message));
          }
        }
      }
    });
    this.channel.on('error', () => undefined);
    const sampler = setInterval(() => {
      const used = this.child.pid === undefined ? null : residentMb(this.child.pid);
      if (used === null || used <= MEMORY_LIMIT_MB + RUNTIME_ALLOWANCE_MB) return;
      options.log(
        `Function ${name} used ${Math.round(used)} MB, over its ${MEMORY_LIMIT_MB} MB memory limit; stopping it`,
      );
      this.exitReason ??= new FunctionsError(
        'worker_limit',
        `function ${name} ran out of memory (${MEMORY_LIMIT_MB} MB)`,
      );
      void this.terminate();
    }, MEMORY_SAMPLE_MS);
    sampler.unref();
    const gone = () => {
      this.exited = true;
      clearInterval(sampler);
      rmSync(this.tempDir, { recursive: true, force: true });
      const reason =
        this.exitReason ?? new FunctionsError('worker_crashed', "the function's process stopped");
      for (const id of [...this.pending.keys()]) this.fail(id, reason);
      for (const listener of this.exitListeners) listener();
    };
    this.child.on('error', (error) => {
      if (this.child.pid !== undefined) return;
      // The process could not be started at all (e.g. out of process slots).
      options.log(`Function ${name} could not start: ${error.message}`);
      settleBoot(new FunctionsError('boot_error', `the process did not start: ${error.message}`));
      gone();
    });
    this.child.on('exit', (code, signal) => {
      clearInterval(sampler);
      rmSync(this.tempDir, { recursive: true, force: true });
      // V8 aborts the process when its heap is full.
      if (signal === 'SIGABRT')
        this.exitReason ??= new FunctionsError(
          'worker_limit',
          `function ${name} ran out of memory (${MEMORY_LIMIT_MB} MB heap)`,
        );
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      if (crash) options.log(`Function ${name} crashed: ${crash}`);
      if (!booted)
        settleBoot(
          this.exitReason?.code === 'worker_limit'
            ? this.exitReason
            : new FunctionsError('boot_error', `the process ${how} while loading`),
        );
      this.exitReason ??= new FunctionsError(
        'worker_crashed',
        crash ?? `the function's process ${how}`,
      );
      gone();
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** False once the worker is gone, or while it is suspected of hanging: send it no new work. */
  get usable(): boolean {
    return !this.exited && !this.suspect;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  onExit(listener: () => void): void {
    this.exitListeners.push(listener);
  }

  private send(message: ToWorker): void {
    if (!this.exited && this.channel.writable) this.channel.write(encodeFrame(message));
  }

  /**
   * Runs one invocation. Resolves with the function's Response as soon as its head arrives
   * (the body follows as a stream); rejects with a FunctionsError when the function fails to
   * boot, throws before answering, the worker dies, or the wall clock runs out. The wall
   * clock covers answering and streaming the body; loading the module (on a worker's first
   * call) has a limit of its own, of the same length.
   */
  async invoke(
    invocation: Invocation,
    options: { timeoutMs: number; signal?: AbortSignal; onLog?: FunctionLogSink },
  ): Promise<Response> {
    let timer: NodeJS.Timeout | undefined;
    const bootDeadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), options.timeoutMs);
    });
    try {
      if ((await Promise.race([this.ready, bootDeadline])) === 'late') {
        const limit = describeDuration(options.timeoutMs);
        this.settleBoot(
          new FunctionsError(
            'boot_error',
            `the module did not finish loading within ${limit} (does it await something that never settles?)`,
          ),
        );
        await this.terminate();
        throw new FunctionsError(
          'timeout',
          `Function ${this.options.boot.functionName} did not finish loading within the ${limit} wall-clock limit`,
        );
      }
    } finally {
      clearTimeout(timer);
    }
    return this.dispatch(invocation, options);
  }

  private addLogSink(id: number, sink: FunctionLogSink): void {
    this.logSinks.set(id, sink);
    if (this.logSinks.size > RECENT_LOG_SINKS) {
      this.logSinks.delete(this.logSinks.keys().next().value!);
    }
  }

  private dispatch(
    invocation: Invocation,
    {
      timeoutMs,
      signal,
      onLog,
    }: { timeoutMs: number; signal?: AbortSignal | undefined; onLog?: FunctionLogSink | undefined },
  ): Promise<Response> {
    const id = this.nextId++;
    if (onLog) this.addLogSink(id, onLog);
    return new Promise<Response>((resolve, reject) => {
      if (this.exited) {
        reject(this.exitReason ?? new FunctionsError('worker_crashed', 'the worker has stopped'));
        return;
      }
      const onAbort = () => this.cancel(id, 'the client went away');
      signal?.addEventListener('abort', onAbort, { once: true });
      const pending: Pending = {
        state: 'head',
        resolve,
        reject,
        controller: null,
        pulled: null,
        timer: setTimeout(() => this.onTimeout(id, timeoutMs), timeoutMs),
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      this.pending.set(id, pending);
      const request: { t: 'request' } & SerializedRequest = { t: 'request', id, ...invocation };
      this.send(request);
    });
  }

  private onMessage(message: FromWorker): void {
    if (message.t === 'pong') {
      this.pongs.get(message.n)?.();
      return;
    }
    if (message.t === 'log') {
      const sink = (message.id !== null && this.logSinks.get(message.id)) || this.options.onLog;
      sink?.(message.level, String(message.text));
      return;
    }
    if (!('id' in message)) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    switch (message.t) {
      case 'head': {
        const headers = new Headers();
        for (const [name, value] of message.headers)
          if (!HOP_BY_HOP.has(name)) headers.append(name, value);
        const id = message.id;
        const body = message.hasBody
          ? new ReadableStream<Uint8Array>(
              {
                start: (controller) => {
                  pending.controller = controller;
                },
                pull: () =>
                  new Promise<void>((resolve) => {
                    pending.pulled = resolve;
                    this.send({ t: 'pull', id });
                  }),
                cancel: () => this.cancel(id, 'the client stopped reading'),
              },
              // One chunk ahead: the first pull goes out with the head, and no more is buffered.
              { highWaterMark: 1 },
            )
          : null;
        const response = new Response(body, {
          status: message.status,
          statusText: message.statusText,
          headers,
        });
        pending.state = 'body';
        pending.resolve(response);
        break;
      }
      case 'chunk':
        // Only what was asked for: more would pile up in the emulator's memory.
        if (!pending.pulled) return;
        pending.controller?.enqueue(message.chunk);
        pending.pulled();
        pending.pulled = null;
        break;
      case 'end':
        pending.controller?.close();
        pending.pulled?.();
        this.settle(message.id);
        break;
      case 'error':
        if (message.phase === 'handler' && pending.state === 'head') {
          pending.reject(new FunctionsError('worker_error', message.message));
        } else {
          pending.controller?.error(
            new Error(`the function's response body failed: ${message.message}`),
          );
          pending.pulled?.();
        }
        this.settle(message.id);
        break;
    }
  }

  private settle(id: number): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.detach();
    this.pending.delete(id);
    for (const listener of this.settleListeners) listener();
  }

  /** Called whenever an invocation finishes (to retire or idle-stop the worker). */
  onSettle(listener: () => void): void {
    this.settleListeners.push(listener);
  }

  private fail(id: number, error: FunctionsError): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    if (pending.state === 'head') pending.reject(error);
    else {
      pending.controller?.error(new Error(error.detail || error.message));
      pending.pulled?.();
    }
    this.settle(id);
  }

  private cancel(id: number, reason: string): void {
    if (!this.pending.has(id)) return;
    this.send({ t: 'cancel', id, reason });
    this.fail(id, new FunctionsError('worker_crashed', reason));
  }

  private onTimeout(id: number, limitMs: number): void {
    const seconds = describeDuration(limitMs);
    const name = this.options.boot.functionName;
    this.options.log(`Function ${name}: invocation stopped after the ${seconds} wall-clock limit`);
    this.send({ t: 'cancel', id, reason: 'wall-clock limit reached' });
    this.fail(
      id,
      new FunctionsError(
        'timeout',
        `Function ${name} did not finish within the ${seconds} wall-clock limit`,
      ),
    );
    void this.terminateIfStuck();
  }

  /** A function stuck in a synchronous loop cannot be cancelled, only stopped. */
  private async terminateIfStuck(): Promise<void> {
    this.suspect = true;
    const n = this.nextPing++;
    const answered = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      this.pongs.set(n, () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.send({ t: 'ping', n });
    });
    this.pongs.delete(n);
    if (answered) this.suspect = false;
    else if (!this.exited) {
      this.options.log(
        `Function ${this.options.boot.functionName} is not responding; stopping its worker`,
      );
      this.exitReason = new FunctionsError(
        'worker_crashed',
        'the worker was stopped because it stopped responding',
      );
      await this.terminate();
    }
  }

  async terminate(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.onExit(resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}
