// Runs inside a function's process, bundled in front of the function's own code: it takes
// away the process's handles on other processes, installs the Deno globals before the
// function's module evaluates, then serves the invocations the emulator sends over the
// channel (see protocol.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import { format } from 'node:util';
import { createDenoGlobal, createEdgeRuntimeGlobal, type RegisteredServer } from './deno-global.js';
import { encodeFrame, FrameReader } from './frames.js';
import { guardProcess } from './process-guard.js';
import { createSupabaseGlobal } from './supabase-ai.js';
import {
  BOOT_VARIABLE,
  CHANNEL_FD,
  MAX_CHUNK_BYTES,
  MAX_LOG_TEXT,
  type FromWorker,
  type SerializedRequest,
  type ToWorker,
  type WorkerBoot,
} from './protocol.js';

guardProcess();
const boot = JSON.parse(process.env[BOOT_VARIABLE] ?? '{}') as WorkerBoot;
delete process.env[BOOT_VARIABLE];
const channel = new Socket({ fd: CHANNEL_FD, readable: true, writable: true });
const post = (message: FromWorker, then?: () => void) => channel.write(encodeFrame(message), then);
// Without the emulator there is nobody to answer: a process left behind ends itself.
channel.on('close', () => process.exit(0));
channel.on('error', () => process.exit(0));

// Function output goes to the emulator's log, each line named after its function, and to the
// emulator's per-function log store tagged with the invocation it was written during (the
// async context of the request, which timers and promises the handler starts inherit).
const prefix = `[functions/${boot.functionName}]`;
const currentInvocation = new AsyncLocalStorage<number>();
for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    original(prefix, ...args);
    const text = format(...args);
    post({
      t: 'log',
      id: currentInvocation.getStore() ?? null,
      level,
      text: text.length > MAX_LOG_TEXT ? `${text.slice(0, MAX_LOG_TEXT)}…` : text,
    });
  };
}

let server: RegisteredServer | null = null;
const denoGlobal = createDenoGlobal({
  functionDir: boot.functionDir,
  tempDir: boot.tempDir,
  onServe(registered) {
    if (server) {
      console.warn('Deno.serve was called more than once; the first handler keeps serving.');
      return;
    }
    server = registered;
  },
});
const globals = globalThis as Record<string, unknown>;
globals.Deno = denoGlobal;
globals.EdgeRuntime = createEdgeRuntimeGlobal((message) => console.error(message));
// `Supabase.ai.Session('gte-small')` for embeddings, as on the hosted edge runtime.
globals.Supabase = createSupabaseGlobal();
if (typeof globals.addEventListener !== 'function') {
  // Functions listen for `beforeunload` / `unload` as on the edge runtime.
  const target = new EventTarget();
  globals.addEventListener = target.addEventListener.bind(target);
  globals.removeEventListener = target.removeEventListener.bind(target);
  globals.dispatchEvent = target.dispatchEvent.bind(target);
}

interface Invocation {
  abort: AbortController;
  complete: () => void;
  reader: ReadableStreamDefaultReader<unknown> | null;
  /** The rest of a chunk larger than MAX_CHUNK_BYTES, sent on the next pulls. */
  rest: Uint8Array | null;
}
const invocations = new Map<number, Invocation>();

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function finish(id: number): void {
  invocations.get(id)?.complete();
  invocations.delete(id);
}

function looksLikeResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).headers?.forEach === 'function' &&
    'body' in value
  );
}

async function handle(message: SerializedRequest): Promise<void> {
  const { id } = message;
  const abort = new AbortController();
  let complete: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => (complete = resolve));
  const invocation: Invocation = { abort, complete, reader: null, rest: null };
  invocations.set(id, invocation);
  let response: Response;
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: message.body,
      signal: abort.signal,
    });
    const info = { remoteAddr: { transport: 'tcp' as const, ...message.remoteAddr }, completed };
    const result: unknown = await server!.handler(request, info);
    if (!looksLikeResponse(result)) {
      throw new TypeError(
        `the handler returned ${result === undefined ? 'undefined' : typeof result} instead of a Response`,
      );
    }
    response = result;
  } catch (error) {
    const fallback = server!.onError
      ? await Promise.resolve(server!.onError(error)).catch(() => null)
      : null;
    if (!looksLikeResponse(fallback)) {
      console.error('The handler failed:', error);
      post({ t: 'error', id, phase: 'handler', message: describeError(error) });
      finish(id);
      return;
    }
    response = fallback;
  }
  let reader: ReadableStreamDefaultReader<unknown> | null;
  try {
    // A body that was already read or locked fails here, before anything is sent.
    reader = response.body === null ? null : response.body.getReader();
  } catch (error) {
    console.error('The response body cannot be read:', error);
    post({ t: 'error', id, phase: 'handler', message: describeError(error) });
    finish(id);
    return;
  }
  // Header iteration yields each Set-Cookie on its own (Fetch standard), so cookies survive.
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  post({
    t: 'head',
    id,
    status: response.status,
    statusText: response.statusText,
    headers,
    hasBody: reader !== null,
  });
  if (reader === null) {
    post({ t: 'end', id });
    finish(id);
    return;
  }
  invocation.reader = reader;
}

function toBytes(chunk: unknown): Uint8Array {
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  if (ArrayBuffer.isView(chunk))
    return new Uint8Array(
      chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength),
    );
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk.slice(0));
  throw new TypeError(
    `the response body produced ${typeof chunk} chunks; use Uint8Array or string`,
  );
}

async function pull(id: number): Promise<void> {
  const invocation = invocations.get(id);
  const reader = invocation?.reader;
  if (!invocation || !reader) return;
  try {
    let bytes = invocation.rest;
    if (!bytes) {
      const { done, value } = await reader.read();
      if (done) {
        post({ t: 'end', id });
        finish(id);
        return;
      }
      bytes = toBytes(value);
    }
    invocation.rest = bytes.length > MAX_CHUNK_BYTES ? bytes.subarray(MAX_CHUNK_BYTES) : null;
    post({ t: 'chunk', id, chunk: bytes.subarray(0, MAX_CHUNK_BYTES) });
  } catch (error) {
    console.error('The response body failed:', error);
    post({ t: 'error', id, phase: 'body', message: describeError(error) });
    finish(id);
  }
}

function cancel(id: number, reason: string): void {
  const invocation = invocations.get(id);
  if (!invocation) return;
  invocation.abort.abort(new DOMException(reason, 'AbortError'));
  invocation.reader?.cancel(reason).catch(() => undefined);
  finish(id);
}

function onMessage(message: ToWorker): void {
  switch (message.t) {
    case 'request':
      currentInvocation.run(message.id, handle, message).catch((error: unknown) => {
        console.error('The invocation failed:', error);
        post({ t: 'error', id: message.id, phase: 'handler', message: describeError(error) });
        finish(message.id);
      });
      break;
    case 'pull':
      void pull(message.id);
      break;
    case 'cancel':
      cancel(message.id, message.reason);
      break;
    case 'ping':
      post({ t: 'pong', n: message.n });
      break;
  }
}

const frames = new FrameReader();
channel.on('data', (chunk: Buffer) => {
  for (const message of frames.push(chunk)) onMessage(message as ToWorker);
});

let booted = false;
// An error nothing caught ends the process, as it ends an isolate; the emulator learns why.
process.on('uncaughtException', (error) => {
  console.error(booted ? 'Uncaught error:' : 'The module threw while loading:', error);
  const message = describeError(error);
  const exit = () => process.exit(1);
  setTimeout(exit, 1000);
  if (booted) post({ t: 'crash', message }, exit);
  else post({ t: 'boot-error', message: `the module threw while loading: ${message}` }, exit);
});

/**
 * Called by the bundle's entry after the function's module has evaluated. A function may
 * call `Deno.serve` after an awaited import, so it gets one more turn of the event loop.
 */
export function bootFunction(): void {
  setImmediate(() => {
    if (!server) {
      post({
        t: 'boot-error',
        message:
          'the module never called Deno.serve(handler); an Edge Function must register its handler with Deno.serve',
      });
      return;
    }
    server.onListen?.({ transport: 'tcp', hostname: '0.0.0.0', port: 8081 });
    booted = true;
    post({ t: 'ready' });
  });
}
