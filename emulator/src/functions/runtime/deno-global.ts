// The small part of Deno's global API that Supabase Edge Functions use, on Node, inside the
// function's process: `Deno.serve`, `Deno.env`, file reads, temp files, and a few descriptive
// values; plus `EdgeRuntime.waitUntil` and a global `addEventListener` as the edge runtime
// has them. Anything else a function touches on `Deno` is undefined, as on a runtime without
// that API, and fails where it is used.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';

export interface ServeHandlerInfo {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
  completed: Promise<void>;
}

export type ServeHandler = (
  request: Request,
  info: ServeHandlerInfo,
) => Response | Promise<Response>;

export interface ServeOptions {
  port?: number;
  hostname?: string;
  signal?: AbortSignal;
  handler?: ServeHandler;
  onListen?: (addr: { hostname: string; port: number; transport: 'tcp' }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
}

export interface RegisteredServer {
  handler: ServeHandler;
  onError: ((error: unknown) => Response | Promise<Response>) | null;
  onListen: ServeOptions['onListen'] | null;
}

class DenoError extends Error {
  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Deno's error classes, so `error instanceof Deno.errors.NotFound` works. */
const errors = {
  NotFound: class NotFound extends DenoError {},
  PermissionDenied: class PermissionDenied extends DenoError {},
  AlreadyExists: class AlreadyExists extends DenoError {},
  InvalidData: class InvalidData extends DenoError {},
  TimedOut: class TimedOut extends DenoError {},
  Interrupted: class Interrupted extends DenoError {},
  BadResource: class BadResource extends DenoError {},
  Http: class Http extends DenoError {},
  NotSupported: class NotSupported extends DenoError {},
};

/** Node's permission model names the refused file in `resource` and the kind in `permission`. */
interface AccessDenied {
  code: 'ERR_ACCESS_DENIED';
  permission?: string;
  resource?: string;
}

function toDenoError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_ACCESS_DENIED') {
    const { permission, resource } = error as AccessDenied;
    const access = permission === 'FileSystemWrite' ? 'write' : 'read';
    return new errors.PermissionDenied(
      `Requires ${access} access to "${resource ?? 'this path'}": an Edge Function may read ` +
        'its own folder and read and write its temp directory (Deno.makeTempDir, /tmp)',
      { cause: error },
    );
  }
  if (code === 'ENOENT') return new errors.NotFound(message, { cause: error });
  if (code === 'EACCES' || code === 'EPERM')
    return new errors.PermissionDenied(message, { cause: error });
  if (code === 'EEXIST') return new errors.AlreadyExists(message, { cause: error });
  return error;
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

interface TempNameOptions {
  dir?: string;
  prefix?: string;
  suffix?: string;
}

export interface DenoGlobalOptions {
  functionDir: string;
  /** The process's writable folder; `/tmp/…` paths land in it, as `/tmp` on the edge runtime. */
  tempDir: string;
  /** Called once per `Deno.serve(...)`; the worker runtime keeps the handler. */
  onServe(server: RegisteredServer): void;
}

export function createDenoGlobal({ functionDir, tempDir, onServe }: DenoGlobalOptions) {
  // The project holding supabase/functions/<name>: its paths are never temp paths, even when
  // the project itself lies under /tmp (a checkout there), so a read outside the function's
  // folder is refused rather than looked up in the temp directory.
  const projectDir = path.resolve(functionDir, '..', '..', '..');
  const toPath = (file: string | URL) => {
    const resolved =
      file instanceof URL || String(file).startsWith('file:')
        ? fileURLToPath(file)
        : path.resolve(functionDir, String(file));
    // The temp directory may itself lie under /tmp (a data directory there): keep its paths.
    if (isInside(tempDir, resolved) || isInside(projectDir, resolved)) return resolved;
    return isInside('/tmp', resolved)
      ? path.join(tempDir, path.relative('/tmp', resolved))
      : resolved;
  };
  const denoCall = <T>(run: () => Promise<T>) =>
    run().catch((error: unknown) => Promise.reject(toDenoError(error)));
  const refuseRun = (what: string) => {
    throw new errors.PermissionDenied(
      `Requires run access to "${what}": an Edge Function cannot start processes`,
    );
  };
  const tempPath = (options: TempNameOptions = {}) =>
    path.join(
      options.dir === undefined ? tempDir : toPath(options.dir),
      `${options.prefix ?? ''}${randomUUID()}${options.suffix ?? ''}`,
    );

  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  function serve(first: ServeHandler | ServeOptions, second?: ServeHandler | ServeOptions) {
    // Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ handler, ...options })
    const options: ServeOptions =
      typeof first === 'function' ? (typeof second === 'object' ? second : {}) : first;
    const handler =
      typeof first === 'function' ? first : typeof second === 'function' ? second : options.handler;
    if (typeof handler !== 'function') {
      throw new TypeError('Deno.serve needs a handler: Deno.serve((request) => new Response("…"))');
    }
    onServe({ handler, onError: options.onError ?? null, onListen: options.onListen ?? null });
    options.signal?.addEventListener('abort', () => finish());
    const addr = { transport: 'tcp' as const, hostname: '0.0.0.0', port: 8081 };
    return {
      addr,
      finished,
      shutdown: async () => finish(),
      ref: () => undefined,
      unref: () => undefined,
      [Symbol.asyncDispose]: async () => finish(),
    };
  }

  const env = {
    get: (key: string) => process.env[key],
    set: (key: string, value: string) => {
      process.env[key] = value;
    },
    delete: (key: string) => {
      delete process.env[key];
    },
    has: (key: string) => key in process.env,
    toObject: () => ({ ...process.env }) as Record<string, string>,
  };

  return {
    serve,
    env,
    errors,
    args: [] as string[],
    pid: process.pid,
    noColor: true,
    build: {
      os: 'linux',
      arch: process.arch === 'arm64' ? 'aarch64' : 'x86_64',
      target: 'portal-emulator',
    },
    version: { deno: '2.1.4', v8: process.versions.v8, typescript: '5.6.2' },
    cwd: () => functionDir,
    inspect: (value: unknown, options?: object) => inspect(value, options),
    memoryUsage: () => process.memoryUsage(),
    readTextFile: (file: string | URL) => denoCall(() => readFile(toPath(file), 'utf8')),
    readFile: (file: string | URL) =>
      denoCall(() => readFile(toPath(file))).then((b) => new Uint8Array(b)),
    readTextFileSync: (file: string | URL) => {
      try {
        return readFileSync(toPath(file), 'utf8');
      } catch (error) {
        throw toDenoError(error);
      }
    },
    readFileSync: (file: string | URL) => {
      try {
        return new Uint8Array(readFileSync(toPath(file)));
      } catch (error) {
        throw toDenoError(error);
      }
    },
    writeTextFile: (file: string | URL, data: string) =>
      denoCall(() => writeFile(toPath(file), data)),
    writeFile: (file: string | URL, data: Uint8Array) =>
      denoCall(() => writeFile(toPath(file), data)),
    makeTempDir: (options?: TempNameOptions) =>
      denoCall(async () => {
        const dir = tempPath(options);
        await mkdir(dir);
        return dir;
      }),
    makeTempFile: (options?: TempNameOptions) =>
      denoCall(async () => {
        const file = tempPath(options);
        await writeFile(file, '', { flag: 'wx' });
        return file;
      }),
    // Deno has these; the edge runtime refuses them, and so does the emulator.
    Command: class Command {
      constructor(command: string | URL) {
        refuseRun(String(command));
      }
    },
    run: (options: { cmd: (string | URL)[] }) => refuseRun(String(options.cmd?.[0] ?? '')),
    kill: (pid: number) => refuseRun(`kill ${pid}`),
    exit: (code?: number) => {
      // The edge runtime does not let a function end its own isolate either.
      throw new errors.PermissionDenied(
        `Deno.exit(${code ?? 0}) is not allowed in an Edge Function`,
      );
    },
  };
}

export type DenoGlobal = ReturnType<typeof createDenoGlobal>;

/** `EdgeRuntime.waitUntil`: background work that may outlive the response. */
export function createEdgeRuntimeGlobal(log: (message: string) => void) {
  return {
    waitUntil(promise: Promise<unknown>) {
      Promise.resolve(promise).catch((error: unknown) =>
        log(
          `EdgeRuntime.waitUntil task failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
      );
      return promise;
    },
  };
}
