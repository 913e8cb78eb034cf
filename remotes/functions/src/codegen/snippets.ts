// An invocation written out as code to copy: `supabase.functions.invoke(...)`, `fetch` and
// `curl`, each with the headers the call really had (the API key, and the person's access token
// when it was made signed in).
import type { InvocationRequest } from '../invoke/request.js';
import { customHeaders, functionUrl, hasHeader, invokeTarget } from '../invoke/request.js';

export interface SnippetContext {
  supabaseUrl: string;
  apiKey: string;
  /** The person's access token; null for an anonymous call. */
  accessToken: string | null;
}

/** A single-quoted shell word: safe for any text (a `'` becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function js(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function indent(text: string, spaces: number): string {
  return text.split('\n').join(`\n${' '.repeat(spaces)}`);
}

/** The JSON body as sent: compact, as supabase-js and JSON.stringify send it. */
function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The headers a call sends besides the body's own Content-Type. */
export function requestHeaders(
  request: InvocationRequest,
  context: SnippetContext,
): Record<string, string> {
  const headers: Record<string, string> = { apikey: context.apiKey };
  if (request.as === 'user' && context.accessToken)
    headers.Authorization = `Bearer ${context.accessToken}`;
  return { ...headers, ...customHeaders(request) };
}

function contentType(request: InvocationRequest): string | null {
  if (hasHeader(customHeaders(request), 'content-type')) return null;
  switch (request.body.kind) {
    case 'json':
      return 'application/json';
    case 'text':
      return 'text/plain';
    case 'file':
      return request.body.file.type || 'application/octet-stream';
    default:
      return null; // none, or multipart with its boundary (set by the client)
  }
}

export function invokeSnippet(request: InvocationRequest): string {
  const options: string[] = [`method: '${request.method}'`];
  const headers = customHeaders(request);
  if (Object.keys(headers).length) options.push(`headers: ${indent(js(headers), 2)}`);
  const body = request.body;
  const before: string[] = [];
  if (body.kind === 'json') options.push(`body: ${indent(js(jsonBody(body.text)), 2)}`);
  else if (body.kind === 'text') options.push(`body: ${js(body.text)}`);
  else if (body.kind === 'form') {
    before.push(
      'const form = new FormData();',
      ...body.fields.map(([name, value]) => `form.append(${js(name)}, ${js(value)});`),
    );
    options.push('body: form');
  } else if (body.kind === 'file') {
    before.push(
      `// file: a File or Blob, e.g. from <input type="file"> (${body.file.name}, ${body.file.size} bytes)`,
    );
    options.push('body: file');
  }
  if (request.as === 'anonymous') {
    before.push(
      '// Made anonymously: invoke sends the session when there is one; sign out first, or use fetch.',
    );
  }
  return [
    ...before,
    `const { data, error } = await supabase.functions.invoke(${js(invokeTarget(request))}, {`,
    ...options.map((option) => `  ${option},`),
    '});',
  ].join('\n');
}

export function fetchSnippet(request: InvocationRequest, context: SnippetContext): string {
  const headers = requestHeaders(request, context);
  const type = contentType(request);
  if (type) headers['Content-Type'] = type;
  const body = request.body;
  const lines: string[] = [];
  let bodyOption: string | null = null;
  if (body.kind === 'json') bodyOption = `JSON.stringify(${indent(js(jsonBody(body.text)), 2)})`;
  else if (body.kind === 'text') bodyOption = js(body.text);
  else if (body.kind === 'form') {
    lines.push(
      'const form = new FormData();',
      ...body.fields.map(([name, value]) => `form.append(${js(name)}, ${js(value)});`),
    );
    bodyOption = 'form';
  } else if (body.kind === 'file') {
    lines.push(`// file: a File or Blob (${body.file.name}, ${body.file.size} bytes)`);
    bodyOption = 'file';
  }
  lines.push(
    `const response = await fetch(${js(functionUrl(context.supabaseUrl, request))}, {`,
    `  method: '${request.method}',`,
    `  headers: ${indent(js(headers), 2)},`,
    ...(bodyOption ? [`  body: ${bodyOption},`] : []),
    '});',
  );
  return lines.join('\n');
}

/** A curl command for a POSIX shell; `--include` prints the status line and headers first. */
export function curlSnippet(request: InvocationRequest, context: SnippetContext): string {
  const parts = [
    'curl',
    '--silent',
    '--show-error',
    '--include',
    '--request',
    request.method,
    shellQuote(functionUrl(context.supabaseUrl, request)),
  ];
  const headers = requestHeaders(request, context);
  const type = contentType(request);
  if (type) headers['Content-Type'] = type;
  for (const [name, value] of Object.entries(headers))
    parts.push('--header', shellQuote(`${name}: ${value}`));
  const body = request.body;
  if (body.kind === 'json')
    parts.push('--data-raw', shellQuote(JSON.stringify(jsonBody(body.text))));
  else if (body.kind === 'text') parts.push('--data-raw', shellQuote(body.text));
  else if (body.kind === 'form')
    for (const [name, value] of body.fields)
      parts.push('--form-string', shellQuote(`${name}=${value}`));
  else if (body.kind === 'file') parts.push('--data-binary', `@${shellQuote(body.file.name)}`);
  return parts.join(' ');
}
