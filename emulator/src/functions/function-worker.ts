// One function's worker thread, seen from the emulator: starts it from a bundle, sends it
// invocations, turns its answers into Responses (bodies streamed, pulled on demand), enforces
// the per-invocation wall clock, and notices when the thread is stuck or gone. Whatever the
// function does, the emulator's own thread only ever sees messages.
import { Worker } from 'node:worker_threads';
import { FunctionsError } from './errors.js';
import type { FromWorker, SerializedRequest, ToWorker, WorkerBoot } from './runtime/protocol.js';

/** Edge Functions get 256 MB of memory (Supabase's documented limit). */
const MEMORY_LIMIT_MB = 256;
/** A worker that does not answer a ping within this time is stuck in synchronous code. */
const PING_TIMEOUT_MS = 1000;

export interface WorkerOptions {
  bundleFile: string;
  boot: WorkerBoot;
  log: (line: string) => void;
}

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

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

export class FunctionWorker {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextPing = 1;
  private readonly pongs = new Map<number, () => void>();
  private exited = false;
  private suspect = false;
  private exitReason: FunctionsError | null = null;
  private readonly exitListeners: (() => void)[] = [];
  private readonly settleListeners: (() => void)[] = [];
  private settleBoot: (error?: FunctionsError) => void = () => undefined;

  constructor(private readonly options: WorkerOptions) {
    const name = options.boot.functionName;
    this.worker = new Worker(options.bundleFile, {
      workerData: options.boot,
      env: options.boot.env,
      name: `function ${name}`,
      // Stack traces name the function's own files and lines (the bundle has inline source maps).
      execArgv: ['--enable-source-maps'],
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB },
    });
    this.worker.unref();
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
    this.worker.on('message', (message: FromWorker) => {
      if (message.t === 'ready') {
        booted = true;
        settleBoot();
      } else if (message.t === 'boot-error') {
        options.log(`Function ${name} failed to boot: ${message.message}`);
        settleBoot(new FunctionsError('boot_error', message.message));
        void this.terminate();
      } else {
        try {
          this.onMessage(message);
        } catch (error) {
          // Whatever a function sends, the emulator's own thread must not fail on it.
          options.log(
            `Function ${name}: unusable message from the worker: ${(error as Error).message}`,
          );
          if ('id' in message)
            this.fail(message.id, new FunctionsError('worker_crashed', (error as Error).message));
        }
      }
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      if (!booted) {
        settleBoot(
          new FunctionsError(
            'boot_error',
            `the module threw while loading: ${error.name}: ${error.message}`,
          ),
        );
        options.log(`Function ${name} failed to boot: ${error.stack ?? error.message}`);
        return;
      }
      this.exitReason =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new FunctionsError(
              'worker_limit',
              `function ${name} ran out of memory (${MEMORY_LIMIT_MB} MB)`,
            )
          : new FunctionsError('worker_crashed', `${error.name}: ${error.message}`);
      options.log(`Function ${name} crashed: ${error.stack ?? error.message}`);
    });
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (!booted)
        settleBoot(
          new FunctionsError('boot_error', `the worker exited with code ${code} while loading`),
        );
      const reason =
        this.exitReason ??
        new FunctionsError('worker_crashed', `the worker exited with code ${code}`);
      for (const id of [...this.pending.keys()]) this.fail(id, reason);
      for (const listener of this.exitListeners) listener();
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

  private send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (!this.exited) this.worker.postMessage(message, transfer);
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
    options: { timeoutMs: number; signal?: AbortSignal },
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

  private dispatch(
    invocation: Invocation,
    { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal | undefined },
  ): Promise<Response> {
    const id = this.nextId++;
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
      this.send(request, invocation.body ? [invocation.body] : []);
    });
  }

  private onMessage(message: FromWorker): void {
    if (message.t === 'pong') {
      this.pongs.get(message.n)?.();
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
        pending.controller?.enqueue(message.chunk);
        pending.pulled?.();
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
    await this.worker.terminate();
  }
}
