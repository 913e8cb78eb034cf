// Sends one invocation and reports it as it happens: the head (status, headers), the body's
// bytes as they arrive (streams included), and at the end the outcome, classified as supabase-js
// classifies failures. Signed-in calls go through the shell's one client
// (`supabase.functions.invoke`), so the person's session and token refresh apply; anonymous
// calls are a plain fetch with only the API key, because invoke always adds the session.
import { isUnanswered, UNANSWERED } from '@portal/ui/words';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { InvocationRequest } from './request.js';
import { checkJson, customHeaders, functionUrl, hasHeader, invokeTarget } from './request.js';

/** The failure kinds of supabase-js, plus success. */
export type OutcomeKind = 'ok' | 'http-error' | 'relay-error' | 'fetch-error' | 'stopped';

export interface ResponseHead {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Milliseconds from sending to the head. */
  headMs: number;
}

export interface InvocationOutcome {
  kind: OutcomeKind;
  head: ResponseHead | null;
  /** Every byte of the body that arrived. */
  bytes: Uint8Array;
  /** Milliseconds from sending until the body ended (or the call failed or was stopped). */
  durationMs: number;
  /** The error's message for a network failure; the relay's reason is in the body. */
  message: string | null;
}

export interface InvocationEvents {
  onHead(head: ResponseHead): void;
  onChunk(bytesSoFar: Uint8Array): void;
}

export interface InvocationTarget {
  supabase: SupabaseClient;
  supabaseUrl: string;
  apiKey: string;
}

/** The body as sent: a picked file travels as itself, everything else from the request. */
export function requestBody(request: InvocationRequest, file: File | null): BodyInit | undefined {
  const body = request.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json': {
      const checked = checkJson(body.text);
      if (!checked.ok) throw new Error(checked.message);
      return JSON.stringify(checked.value);
    }
    case 'text':
      return body.text;
    case 'form': {
      const form = new FormData();
      for (const [name, value] of body.fields) if (name !== '') form.append(name, value);
      return form;
    }
    case 'file':
      if (!file)
        throw new Error(
          `Pick the file “${body.file.name}” again: files are not kept in the history.`,
        );
      return file;
  }
}

function contentTypeFor(request: InvocationRequest, file: File | null): Record<string, string> {
  if (hasHeader(customHeaders(request), 'content-type')) return {};
  if (request.body.kind === 'json') return { 'Content-Type': 'application/json' };
  if (request.body.kind === 'text') return { 'Content-Type': 'text/plain' };
  if (request.body.kind === 'file')
    return { 'Content-Type': file?.type || 'application/octet-stream' };
  return {};
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Reads a body to its end (or until stopped), reporting what has arrived after every chunk. */
async function readBody(
  response: Response,
  events: InvocationEvents,
): Promise<{ bytes: Uint8Array; stopped: boolean; failure: string | null }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return { bytes: new Uint8Array(0), stopped: false, failure: null };
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
      events.onChunk(concat(chunks, size));
    }
    return { bytes: concat(chunks, size), stopped: false, failure: null };
  } catch (error) {
    const aborted = (error as Error).name === 'AbortError';
    return {
      bytes: concat(chunks, size),
      stopped: aborted,
      failure: aborted ? null : (error as Error).message,
    };
  }
}

function headOf(response: Response, startedAt: number): ResponseHead {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    headMs: performance.now() - startedAt,
  };
}

/** As supabase-js decides: x-relay-error first, then any non-2xx status. */
export function classifyResponse(status: number, relayHeader: string | null): OutcomeKind {
  if (relayHeader === 'true') return 'relay-error';
  return status >= 200 && status < 300 ? 'ok' : 'http-error';
}

/** The kind supabase-js's error stands for, by its name (instanceof can lie across bundles). */
export function kindOfFunctionsError(error: unknown): OutcomeKind {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'FunctionsRelayError') return 'relay-error';
  if (name === 'FunctionsHttpError') return 'http-error';
  return 'fetch-error';
}

export async function runInvocation(
  target: InvocationTarget,
  request: InvocationRequest,
  file: File | null,
  signal: AbortSignal,
  events: InvocationEvents,
): Promise<InvocationOutcome> {
  const body = request.method === 'GET' ? undefined : requestBody(request, file);
  const startedAt = performance.now();
  let head: ResponseHead | null = null;
  let reading: Promise<{ bytes: Uint8Array; stopped: boolean; failure: string | null }> | null =
    null;
  const watch = (response: Response) => {
    head = headOf(response, startedAt);
    events.onHead(head);
    reading = readBody(response, events);
  };
  const finish = async (kind: OutcomeKind, message: string | null): Promise<InvocationOutcome> => {
    const read = reading
      ? await reading
      : { bytes: new Uint8Array(0), stopped: false, failure: null };
    const stopped = read.stopped || (signal.aborted && kind === 'fetch-error');
    return {
      kind: stopped ? 'stopped' : kind,
      head,
      bytes: read.bytes,
      durationMs: performance.now() - startedAt,
      message: message ?? read.failure,
    };
  };

  if (request.as === 'anonymous') {
    try {
      const response = await fetch(functionUrl(target.supabaseUrl, request), {
        method: request.method,
        headers: {
          apikey: target.apiKey,
          ...contentTypeFor(request, file),
          ...customHeaders(request),
        },
        body: body ?? null,
        signal,
      });
      watch(response);
      return finish(classifyResponse(response.status, response.headers.get('x-relay-error')), null);
    } catch (error) {
      return finish('fetch-error', describeFetchError(error));
    }
  }

  // `supabase.functions` is a new FunctionsClient on each access, built on the client's own
  // fetch (which adds the session's token, refreshed when due); this one's fetch also hands us
  // the response, so the body can be shown byte for byte and as it streams.
  const functions = target.supabase.functions;
  const client = functions as unknown as { fetch: typeof fetch };
  const clientFetch = client.fetch;
  client.fetch = async (input, init) => {
    const response = await clientFetch(input, init);
    // Cloned before this side starts reading, or the clone would find the body taken.
    const forInvoke = response.clone();
    watch(response);
    return forInvoke;
  };
  const { data, error } = await functions.invoke(invokeTarget(request), {
    method: request.method,
    headers: { ...contentTypeFor(request, file), ...customHeaders(request) },
    ...(body === undefined ? {} : { body: body as Blob | FormData | string }),
    signal,
  });
  // invoke leaves some bodies unread (event streams, error answers): the copy here is not needed.
  if (data instanceof Response) void data.body?.cancel();
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) void context.body?.cancel();
  if (!error) return finish('ok', null);
  const kind = kindOfFunctionsError(error);
  return finish(kind, kind === 'fetch-error' ? describeFetchError(error) : null);
}

/** Why the request got no answer, in words (the browser's own "Failed to fetch" says nothing to people). */
export function describeFetchError(error: unknown): string {
  if (isUnanswered(error)) return UNANSWERED;
  const cause = (error as { context?: unknown }).context;
  if (cause instanceof Error) return `${(error as Error).message}: ${cause.message}`;
  return (error as Error).message;
}
