// Request and response plumbing shared by every auth route: one handler wrapper that turns
// thrown errors into GoTrue's error shapes (and echoes the API version header), JSON body
// reading with GoTrue's `bad_json` answers, and the caller's IP for rate limits and MFA.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { z } from 'zod';
import { isPostgresError } from '../../db/database.js';
import type { GatewayEnv } from '../../http/gateway-env.js';
import {
  API_VERSION_HEADER,
  AuthError,
  errorBody,
  fail,
  OAuthError,
  requestApiVersion,
} from '../errors.js';

export type AuthRequest = Context<GatewayEnv>;

/** Bodies larger than this are refused before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function apiVersionOf(c: AuthRequest): string | null {
  return requestApiVersion(c.req.header(API_VERSION_HEADER));
}

export function errorResponse(
  error: unknown,
  apiVersion: string | null,
  log: (line: string) => void,
): Response {
  let known: AuthError | OAuthError;
  if (error instanceof AuthError || error instanceof OAuthError) {
    known = error;
  } else {
    const detail = isPostgresError(error)
      ? `${error.code} ${error.message}`
      : ((error as Error)?.stack ?? String(error));
    log(`auth: unexpected failure: ${detail}`);
    known = new AuthError('unexpected_failure');
  }
  const { status, body } = errorBody(known, apiVersion);
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Wraps a route so every failure becomes a GoTrue-shaped JSON error, never an HTML page. */
export function route(log: (line: string) => void, fn: (c: AuthRequest) => Promise<Response>) {
  return async (c: AuthRequest): Promise<Response> => {
    const version = apiVersionOf(c);
    let response: Response;
    try {
      refuseNulInQuery(c);
      response = await fn(c);
    } catch (error) {
      response = errorResponse(error, version, log);
    }
    if (version) {
      // Redirect responses may carry immutable headers; copy when needed.
      try {
        response.headers.set(API_VERSION_HEADER, version);
      } catch {
        response = new Response(response.body, response);
        response.headers.set(API_VERSION_HEADER, version);
      }
    }
    return response;
  };
}

export async function readJsonObject(c: AuthRequest): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES)
    fail('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    fail('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  }
  if (!text.trim())
    fail(
      'bad_json',
      'Could not parse request body as JSON: the body is empty, send a JSON object.',
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('bad_json', 'Could not parse request body as JSON: expected a JSON object.');
  }
  return storableJson(value, []) as Record<string, unknown>;
}

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The body as Postgres can store it. A NUL character fits in neither text (22021) nor jsonb
 * (22P05): such input is the caller's mistake, refused once here (naming the field) instead of
 * failing deep inside a query. A lone surrogate (`"\ud800"`) becomes U+FFFD, as GoTrue's JSON
 * decoder makes it, instead of invalid jsonb.
 */
function storableJson(value: unknown, path: string[]): unknown {
  const field = () => `field "${path.length ? path.join('.') : 'body'}"`;
  const refuse = (what: string): never =>
    fail(
      'validation_failed',
      `${what} contains a NUL character (\\u0000), which cannot be stored.`,
    );
  if (typeof value === 'string') {
    if (value.includes('\0')) refuse(field());
    return value.replace(LONE_SURROGATE, '\ufffd');
  }
  if (Array.isArray(value))
    return value.map((item, index) => storableJson(item, [...path, String(index)]));
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines `__proto__` as an own key, as JSON.parse does, never as the prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key.includes('\0')) refuse(`a key in ${field()}`);
      return [key.replace(LONE_SURROGATE, '\ufffd'), storableJson(item, [...path, key])];
    }),
  );
}

/** The same refusal for query parameters (`/verify?token=…`, `redirect_to`, …). */
function refuseNulInQuery(c: AuthRequest): void {
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (name.includes('\0') || value.includes('\0')) {
      fail(
        'validation_failed',
        `query parameter "${name.replaceAll('\0', '')}" contains a NUL character, which cannot be stored.`,
      );
    }
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  if (issue.code === 'invalid_type') {
    return `field "${field}" must be ${issue.expected === 'record' ? 'an object' : `a ${issue.expected}`}`;
  }
  return `field "${field}": ${issue.message}`;
}

/**
 * Parses the JSON body with a zod schema. A value of the wrong type is GoTrue's `bad_json`
 * (its JSON decoder refuses it); missing values are checked by each route with GoTrue's
 * own `validation_failed` messages.
 */
export async function parseBody<Schema extends z.ZodType>(
  c: AuthRequest,
  schema: Schema,
): Promise<z.output<Schema>> {
  const raw = await readJsonObject(c);
  const result = schema.safeParse(raw);
  if (!result.success) {
    fail(
      'bad_json',
      `Could not parse request body as JSON: ${describeIssue(result.error.issues[0]!)}.`,
    );
  }
  return result.data;
}

export function clientIp(c: AuthRequest): string {
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/** Lower-case request headers, for audit entries. */
export function userAgent(c: AuthRequest): string | null {
  return c.req.header('user-agent') ?? null;
}

export function json(c: AuthRequest, body: unknown, status = 200): Response {
  return c.json(body as object, status as 200);
}
