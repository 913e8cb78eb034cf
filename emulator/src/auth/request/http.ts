// Request and response plumbing shared by every auth route: one handler wrapper that turns
// thrown errors into GoTrue's error shapes (and echoes the API version header), JSON body
// reading (http/json-body's reader, with GoTrue's checks and `bad_json` answers), and the
// caller's IP for rate limits and MFA.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPostgresError } from '../../db/database.js';
import type { GatewayEnv } from '../../http/gateway-env.js';
import {
  EMPTY_BODY_REASON,
  readJsonBody,
  type JsonBodyErrors,
  type JsonBodyIssue,
  type JsonBodyOptions,
} from '../../http/json-body.js';
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

const BAD_JSON = 'Could not parse request body as JSON';

/** GoTrue's `bad_json`: its JSON decoder's refusals, a value of the wrong type named by its field. */
const authBodyErrors: JsonBodyErrors = {
  malformed: (reason) =>
    new AuthError(
      'bad_json',
      `${BAD_JSON}: ${reason === EMPTY_BODY_REASON ? 'the body is empty, send a JSON object.' : reason}`,
    ),
  invalid: (issues) => new AuthError('bad_json', `${BAD_JSON}: ${describeIssue(issues[0]!)}.`),
};

const tooLarge = (): never =>
  fail('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

/** What auth checks between reading and validating: the size, a JSON object, storable text. */
const authBodyChecks: JsonBodyOptions = {
  beforeParse: (text) => {
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) tooLarge();
  },
  beforeValidate: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail('bad_json', `${BAD_JSON}: expected a JSON object.`);
    }
    return storableJson(value, []);
  },
};

/** Any object: `authBodyChecks` made sure of it (and it keeps `__proto__` an own key, unlike a record schema). */
const jsonObject = z.custom<Record<string, unknown>>(() => true);

/** The body as a JSON object, read as GoTrue reads it (see `authBodyChecks`). */
export function readJsonObject(c: AuthRequest): Promise<Record<string, unknown>> {
  return parseBody(c, jsonObject);
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

function describeIssue(issue: JsonBodyIssue): string {
  const field = issue.field === '' ? 'body' : issue.field;
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
  if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) tooLarge();
  return readJsonBody(c, schema, authBodyErrors, authBodyChecks);
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
