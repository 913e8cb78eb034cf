// HTTP for the project's functions: CORS, JSON bodies in and out, errors as `{ code, message }`.
// Hosted Supabase hands requests to the function as they are, so the function itself answers
// CORS preflights and labels its responses.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

/** The answer to a CORS preflight (`OPTIONS`). */
export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

export function problem(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ code, message }, status, headers);
}

/** 405 naming the methods the function does accept. */
export function methodNotAllowed(method: string, allowed: string[]): Response {
  return problem(
    405,
    'method_not_allowed',
    `${method} is not supported here; use ${allowed.join(' or ')}.`,
    {
      Allow: [...allowed, 'OPTIONS'].join(', '),
    },
  );
}

/** Reads a JSON object body, or explains why it cannot. */
export async function readJsonObject(
  request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return {
      ok: false,
      response: problem(
        415,
        'unsupported_media_type',
        'Send a JSON body with Content-Type: application/json.',
      ),
    };
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return {
      ok: false,
      response: problem(400, 'invalid_json', 'The request body is not valid JSON.'),
    };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      response: problem(400, 'invalid_request', 'The request body must be a JSON object.'),
    };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

/** A zod-style issue list as one readable sentence: `documents.0.text: Too small…; topK: …`. */
export function describeIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  return issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'}: ${issue.message}`,
    )
    .join('; ');
}
