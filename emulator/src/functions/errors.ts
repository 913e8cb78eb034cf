// The functions relay's error catalogue (docs/errors.md#functions-errors;
// docs/compatibility.md#functions-errors). Errors the relay raises itself,
// when it could not get any answer from the function (boot failure, crash, resource limit,
// timeout), carry `x-relay-error: true`, which supabase-js turns into FunctionsRelayError;
// everything else reaches the client as a non-2xx response, i.e. FunctionsHttpError.
// Bodies and statuses follow the Supabase CLI's relay (`functions/serve/templates/main.ts`).

export type FunctionsErrorCode =
  | 'not_found'
  | 'missing_authorization'
  | 'malformed_authorization'
  | 'invalid_jwt'
  | 'boot_error'
  | 'worker_error'
  | 'worker_crashed'
  | 'worker_limit'
  | 'timeout'
  | 'payload_too_large'
  | 'logs_forbidden'
  | 'logs_second_factor_required';

interface CatalogueEntry {
  status: number;
  relay: boolean;
  body: (detail: string) => Record<string, unknown>;
}

const CATALOGUE: Record<FunctionsErrorCode, CatalogueEntry> = {
  not_found: {
    status: 404,
    relay: false,
    body: (detail) => ({
      code: 'NOT_FOUND',
      message: detail || 'Requested function was not found',
    }),
  },
  // The relay's JWT gate answers `{ msg }`, as the CLI's does.
  missing_authorization: {
    status: 401,
    relay: false,
    body: () => ({ msg: 'Missing authorization header' }),
  },
  malformed_authorization: {
    status: 401,
    relay: false,
    body: () => ({ msg: "Auth header is not 'Bearer {token}'" }),
  },
  invalid_jwt: { status: 401, relay: false, body: () => ({ msg: 'Invalid JWT' }) },
  boot_error: {
    status: 503,
    relay: true,
    body: (detail) => ({ code: 'BOOT_ERROR', message: `Worker failed to boot: ${detail}` }),
  },
  // The handler threw: the function's own failure, answered as Deno.serve does, with a 500.
  worker_error: {
    status: 500,
    relay: false,
    body: () => ({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    }),
  },
  worker_crashed: {
    status: 500,
    relay: true,
    body: (detail) => ({
      code: 'WORKER_ERROR',
      message: `Function worker stopped before it answered: ${detail}`,
    }),
  },
  worker_limit: {
    status: 546,
    relay: true,
    body: () => ({
      code: 'WORKER_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    }),
  },
  timeout: {
    status: 504,
    relay: true,
    body: (detail) => ({ code: 'WORKER_TIMEOUT', message: detail }),
  },
  // Refused by the relay before the function ran: over `[edge_runtime] max_request_body_size`.
  payload_too_large: {
    status: 413,
    relay: true,
    body: (detail) => ({ code: 'PAYLOAD_TOO_LARGE', message: detail }),
  },
  // `GET /functions/v1/_logs/<name>` (an emulator extra) with a valid JWT of neither a user nor
  // the service role.
  logs_forbidden: {
    status: 403,
    relay: false,
    body: () => ({
      code: 'FORBIDDEN',
      message: 'Function logs need a signed-in user (their own calls) or the service role',
    }),
  },
  // The same route with an aal1 token of a person who has a verified second factor: their calls'
  // lines hold what they sent, so the session must have used the factor (as the project's
  // tables, buckets and functions require; docs/known-traps.md#a-second-factor-is-a-rule-of-the-session).
  logs_second_factor_required: {
    status: 403,
    relay: false,
    body: () => ({
      code: 'INSUFFICIENT_AAL',
      message:
        'Verify with your second factor to read function logs: your account has one, and this session has not used it (aal1; aal2 is needed)',
    }),
  },
};

/** A failure on the way to (or inside) a function, answered from the catalogue. */
export class FunctionsError extends Error {
  readonly isFunctionsError = true;
  constructor(
    readonly code: FunctionsErrorCode,
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'FunctionsError';
  }
}

/** Brand guard: works even when two copies of this module are loaded. */
export function isFunctionsError(error: unknown): error is FunctionsError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as FunctionsError).isFunctionsError === true
  );
}

export function functionsErrorResponse(code: FunctionsErrorCode, detail = ''): Response {
  const entry = CATALOGUE[code];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (entry.relay) headers['x-relay-error'] = 'true';
  return new Response(JSON.stringify(entry.body(detail)), { status: entry.status, headers });
}
