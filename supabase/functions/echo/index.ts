/**
 * Answers with your request as it arrived: its method, path, query, headers and body, to see
 * what a call really sends.
 *
 * echo: for trying out the client, headers and bodies. Any method; any path below /echo.
 *
 * → { method, path, query, headers, body }
 *   body: parsed JSON for application/json, fields for forms (files as { name, type, size }),
 *   text for text/*, and { base64, size } for anything else; null when there is none.
 */
import { json, preflight, problem } from '../_shared/http.ts';

type Echoed = unknown;

async function readBody(request: Request): Promise<Echoed> {
  if (request.body === null) return null;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return request.json();
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of await request.formData()) {
      fields[key] =
        typeof value === 'string'
          ? value
          : { name: value.name, type: value.type, size: value.size };
    }
    return fields;
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return null;
  if (type.startsWith('text/')) return new TextDecoder().decode(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { base64: btoa(binary), size: bytes.length };
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method'))
    return preflight();
  const url = new URL(request.url);
  let body: Echoed;
  try {
    body = await readBody(request);
  } catch (error) {
    return problem(
      400,
      'invalid_body',
      `The body does not match its Content-Type: ${(error as Error).message}`,
    );
  }
  return json({
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(request.headers),
    body,
  });
});
