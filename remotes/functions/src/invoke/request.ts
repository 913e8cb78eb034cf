// One invocation as a person composed it: everything needed to send it again, show it in the
// history and write it out as code. A picked file is kept only while the page is open; the
// history remembers its name, type and size.
import type { FunctionExample, HttpMethod } from '../catalogue/catalogue.js';

export type Pair = [name: string, value: string];

export interface FileMeta {
  name: string;
  type: string;
  size: number;
}

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'form'; fields: Pair[] }
  | { kind: 'file'; file: FileMeta };

/** Signed-in: through the shell's client, with the session. Anonymous: only the API key. */
export type CallerMode = 'user' | 'anonymous';

export interface InvocationRequest {
  functionName: string;
  method: HttpMethod;
  /** Below the function's own path: '' or '/…'. */
  path: string;
  query: Pair[];
  headers: Pair[];
  body: RequestBody;
  as: CallerMode;
  /** What it changes, when it was loaded from an example that writes: asked about before it is sent. */
  writes?: string;
}

export function emptyRequest(functionName: string): InvocationRequest {
  return {
    functionName,
    method: 'POST',
    path: '',
    query: [],
    headers: [],
    body: { kind: 'none' },
    as: 'user',
  };
}

export function requestFromExample(
  functionName: string,
  example: FunctionExample,
): InvocationRequest {
  let body: RequestBody = { kind: 'none' };
  if (example.json !== undefined)
    body = { kind: 'json', text: JSON.stringify(example.json, null, 2) };
  else if (example.text !== undefined) body = { kind: 'text', text: example.text };
  return {
    functionName,
    method: example.method ?? (body.kind === 'none' ? 'GET' : 'POST'),
    path: example.path ?? '',
    query: Object.entries(example.query ?? {}),
    headers: Object.entries(example.headers ?? {}),
    body,
    as: 'user',
    ...(example.writes ? { writes: example.writes } : {}),
  };
}

/** GET cannot carry a body (fetch refuses one). */
export function methodTakesBody(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** `name/sub/path?x=1`: what `functions.invoke` takes as the function name. */
export function invokeTarget(request: InvocationRequest): string {
  const pairs = request.query.filter(([name]) => name !== '');
  const search = pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
  const path = request.path && !request.path.startsWith('/') ? `/${request.path}` : request.path;
  return `${request.functionName}${path}${search}`;
}

export function functionUrl(supabaseUrl: string, request: InvocationRequest): string {
  return `${supabaseUrl.replace(/\/$/, '')}/functions/v1/${invokeTarget(request)}`;
}

export type JsonCheck = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses a JSON body, with a message that says where it goes wrong. */
export function checkJson(text: string): JsonCheck {
  if (text.trim() === '')
    return { ok: false, message: 'The body is empty: write JSON, or choose “No body”.' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** The JSON body re-indented, or the text unchanged when it does not parse. */
export function formatJson(text: string): string {
  const checked = checkJson(text);
  return checked.ok ? JSON.stringify(checked.value, null, 2) : text;
}

/** The headers the person added, without empty names. */
export function customHeaders(request: InvocationRequest): Record<string, string> {
  return Object.fromEntries(
    request.headers
      .filter(([name]) => name.trim() !== '')
      .map(([name, value]) => [name.trim(), value]),
  );
}

export function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
}
