// Messages between the emulator and a function's process, framed as in frames.ts on the pipe
// at file descriptor CHANNEL_FD. One process serves many invocations at once, so every
// request-scoped message carries the invocation id. Response bodies are pulled chunk by chunk:
// the emulator stays at most one chunk ahead of the HTTP client, so a fast producer cannot
// flood memory and a `text/event-stream` reaches the client as it is written.

/** The file descriptor of the channel in the function's process. */
export const CHANNEL_FD = 3;
/** Environment variable carrying the JSON `WorkerBoot`; the runtime removes it at start. */
export const BOOT_VARIABLE = 'PORTAL_FUNCTION_BOOT';
/** Response body chunks larger than this are sent in pieces. */
export const MAX_CHUNK_BYTES = 1024 * 1024;

export interface WorkerBoot {
  functionName: string;
  /** Folder of the function's entrypoint, for `Deno.cwd()`-relative reads. */
  functionDir: string;
  /** The process's own writable folder (`Deno.makeTempDir`, `os.tmpdir()`, `/tmp/…`). */
  tempDir: string;
}

export interface SerializedRequest {
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  remoteAddr: { hostname: string; port: number };
}

export type ToWorker =
  | ({ t: 'request' } & SerializedRequest)
  | { t: 'pull'; id: number }
  | { t: 'cancel'; id: number; reason: string }
  | { t: 'ping'; n: number };

/** The console methods a function's output comes from. */
export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';
/** Console output longer than this reaches the emulator's log store cut short. */
export const MAX_LOG_TEXT = 16 * 1024;

export type FromWorker =
  /** The module evaluated and registered a handler with `Deno.serve`. */
  | { t: 'ready' }
  /** The module evaluated without registering a handler, or threw while evaluating. */
  | { t: 'boot-error'; message: string }
  /** An error nothing caught; the process exits next. */
  | { t: 'crash'; message: string }
  | {
      t: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      hasBody: boolean;
    }
  | { t: 'chunk'; id: number; chunk: Uint8Array }
  | { t: 'end'; id: number }
  /** The handler threw (`phase: 'handler'`) or its body stream failed (`phase: 'body'`). */
  | { t: 'error'; id: number; phase: 'handler' | 'body'; message: string }
  | { t: 'pong'; n: number }
  /** A console line; `id` names the invocation it was written during, null outside any. */
  | { t: 'log'; id: number | null; level: LogLevel; text: string };
