/**
 * Greets the world, or you by name. The smallest function there is, open to anyone, signed in
 * or not.
 *
 * hello: the smallest useful function, public (`verify_jwt = false` in config.toml).
 *
 * GET  /hello?name=Ada          → { message: "Hello, Ada!", at: "<ISO time>" }
 * POST /hello { "name": "Ada" } → the same
 *
 * Without a name it greets the world; a name has 1–100 characters.
 */
import { json, methodNotAllowed, preflight, problem } from '../_shared/http.ts';

async function nameFrom(request: Request): Promise<unknown> {
  if (request.method === 'GET') return new URL(request.url).searchParams.get('name') ?? undefined;
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return (JSON.parse(text) as { name?: unknown } | null)?.name;
  } catch {
    return null;
  }
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'GET' && request.method !== 'POST')
    return methodNotAllowed(request.method, ['GET', 'POST']);
  const name = await nameFrom(request);
  if (name === null)
    return problem(400, 'invalid_json', 'Send the name as JSON: { "name": "Ada" }.');
  if (
    name !== undefined &&
    (typeof name !== 'string' || name.trim().length === 0 || name.length > 100)
  ) {
    return problem(400, 'invalid_name', 'name must be text of 1 to 100 characters.');
  }
  return json({
    message: `Hello, ${name === undefined ? 'world' : name.trim()}!`,
    at: new Date().toISOString(),
  });
});
