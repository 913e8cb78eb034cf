// Messages between the emulator (main thread) and a function's worker thread. One worker
// serves many invocations at once, so every request-scoped message carries the invocation id.
// Response bodies are pulled chunk by chunk: the main thread stays at most one chunk ahead of
// the HTTP client, so a fast producer cannot flood memory and a `text/event-stream` reaches
// the client as it is written.

/** Sent once, as `workerData`, when the worker starts. */
export interface WorkerBoot {
  functionName: string;
  /** The function's environment (`Deno.env`, `process.env`). */
  env: Record<string, string>;
  /** Folder of the function's entrypoint, for `Deno.cwd()`-relative reads. */
  functionDir: string;
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

export type FromWorker =
  /** The module evaluated and registered a handler with `Deno.serve`. */
  | { t: 'ready' }
  /** The module evaluated without registering a handler, or threw while evaluating. */
  | { t: 'boot-error'; message: string }
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
  | { t: 'pong'; n: number };
