// The REST service's one error catalogue: PostgREST's PGRSTxxx codes with their statuses, and
// Postgres SQLSTATEs mapped to statuses exactly as PostgREST maps them
// (docs/compatibility.md#rest-errors). Every code is listed in docs/errors.md#rest-errors.
import { isPostgresError } from '../db/database.js';

/** The body PostgREST sends for every error. */
export interface RestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

const BRAND = Symbol.for('portal.rest.error');

export class RestError extends Error {
  readonly [BRAND] = true;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  /** Extra response headers (e.g. `WWW-Authenticate`). */
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    body: { code: string; message: string; details?: unknown; hint?: string | null },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'RestError';
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
    this.headers = headers;
  }

  toBody(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** Brand guard: works across module copies, where `instanceof` can lie. */
export function isRestError(error: unknown): error is RestError {
  return (
    typeof error === 'object' && error !== null && (error as { [BRAND]?: boolean })[BRAND] === true
  );
}

function quote(value: string): string {
  return JSON.stringify(value);
}

/** Group 1: the request itself. */
export const requestErrors = {
  /** PGRST100: a query parameter does not follow the grammar. */
  parse(what: string, input: string, column: number, details: string): RestError {
    return new RestError(400, {
      code: 'PGRST100',
      message: `${quote(`failed to parse ${what} (${input})`)} (line 1, column ${column})`,
      details,
    });
  },
  /** PGRST100 for a parameter whose value is out of range rather than malformed. */
  invalidParameter(message: string, details: string | null = null): RestError {
    return new RestError(400, { code: 'PGRST100', message, details });
  },
  /** PGRST101: rpc answers GET, HEAD and POST only. */
  rpcMethod(method: string): RestError {
    return new RestError(405, {
      code: 'PGRST101',
      message: `Cannot use the ${method} method on RPC`,
    });
  },
  /** PGRST102: the body is not what the endpoint takes. */
  invalidBody(message = 'Empty or invalid json', details: string | null = null): RestError {
    return new RestError(400, { code: 'PGRST102', message, details });
  },
  /**
   * 413 for a body over `[api] max_request_body_size`. PostgREST itself has no limit (the
   * proxy in front answers); the code is PGRST102's, the body error, so clients see one family.
   */
  bodyTooLarge(limit: string): RestError {
    return new RestError(413, {
      code: 'PGRST102',
      message: 'Request body is too large',
      details: `The body is larger than ${limit}, the emulator's [api] max_request_body_size.`,
    });
  },
  /** PGRST103: the requested range is not satisfiable. */
  range(details: string): RestError {
    return new RestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details,
    });
  },
  /** PGRST106: the profile header names a schema that is not exposed. */
  schemaNotExposed(schema: string, exposed: readonly string[]): RestError {
    return new RestError(406, {
      code: 'PGRST106',
      message: `Invalid schema: ${schema}`,
      hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
    });
  },
  /** PGRST107 (406): no representation the client accepts. */
  notAcceptable(accept: string): RestError {
    return new RestError(406, {
      code: 'PGRST107',
      message: `None of these media types are available: ${accept}`,
    });
  },
  /** PGRST107 (415): a request body of a type the endpoint does not read. */
  unsupportedContentType(contentType: string): RestError {
    return new RestError(415, {
      code: 'PGRST107',
      message: `Content-Type not acceptable: ${contentType}`,
    });
  },
  /** PGRST108: a filter, order or limit on an embed that is not in `select`. */
  notEmbedded(path: string): RestError {
    return new RestError(400, {
      code: 'PGRST108',
      message: `'${path}' is not an embedded resource in this request`,
      hint: `Verify that '${path}' is included in the 'select' query parameter.`,
    });
  },
  /** PGRST116: `Accept: application/vnd.pgrst.object+json` and not exactly one row. */
  singular(rows: number): RestError {
    return new RestError(406, {
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${rows} rows`,
    });
  },
  /** PGRST117: a method the resource does not answer. */
  unsupportedMethod(method: string): RestError {
    return new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${method}` });
  },
  /** PGRST118: ordering by a related resource that is not to-one. */
  relatedOrder(path: string, target: string): RestError {
    return new RestError(400, {
      code: 'PGRST118',
      message: `A related order on '${target}' is not possible`,
      details: `'${path}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    });
  },
  /** PGRST120: an embedded resource can only be filtered with is.null / not.is.null. */
  embedFilter(target: string): RestError {
    return new RestError(400, {
      code: 'PGRST120',
      message: `Bad operator on the '${target}' embedded resource`,
      details: 'Only is null or not is null filters are allowed on embedded resources',
    });
  },
  /** PGRST122: `Prefer: handling=strict` with preferences the server does not know. */
  invalidPreferences(invalid: string[]): RestError {
    return new RestError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  },
  /** PGRST124: `Prefer: handling=strict, max-affected=N` and more rows were touched. */
  maxAffected(affected: number): RestError {
    return new RestError(400, {
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: `The query affects ${affected} rows`,
    });
  },
  /** PGRST125: a path that is neither `/`, `/<table>` nor `/rpc/<function>`. */
  invalidPath(): RestError {
    return new RestError(404, {
      code: 'PGRST125',
      message: 'Invalid path specified in request URL',
    });
  },
  /** PGRST127: a feature PostgREST has and this emulator does not. */
  notImplemented(details: string): RestError {
    return new RestError(400, { code: 'PGRST127', message: 'Feature not implemented', details });
  },
  /** PGRST103 (416) for `limit=-1`. */
  negativeLimit(): RestError {
    return new RestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
    });
  },
  /** 21000: UPDATE/DELETE without a filter (Supabase loads pg-safeupdate for the API roles). */
  missingWhere(verb: 'UPDATE' | 'DELETE'): RestError {
    return new RestError(400, { code: '21000', message: `${verb} requires a WHERE clause` });
  },
};

/** One relationship as PostgREST describes it in PGRST201's details. */
export interface RelationshipDescription {
  cardinality: string;
  embedding: string;
  relationship: string;
}

/** Group 2: the schema cache. */
export const schemaErrors = {
  /** PGRST200: no foreign key joins the two relations. */
  noRelationship(
    source: string,
    target: string,
    schema: string,
    hint: string | undefined,
    suggestion: string | null,
  ): RestError {
    const using = hint ? ` using the hint '${hint}'` : '';
    return new RestError(400, {
      code: 'PGRST200',
      message: `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
      details: `Searched for a foreign key relationship between '${source}' and '${target}'${using} in the schema '${schema}', but no matches were found.`,
      hint: suggestion ? `Perhaps you meant '${suggestion}' instead of '${target}'.` : null,
    });
  },
  /** PGRST201: more than one foreign key joins them; a `!hint` picks one. */
  ambiguousRelationship(
    source: string,
    target: string,
    options: RelationshipDescription[],
    hints: string[],
  ): RestError {
    return new RestError(300, {
      code: 'PGRST201',
      message: `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
      details: options,
      hint: `Try changing '${target}' to one of the following: ${hints.map((h) => `'${h}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    });
  },
  /** PGRST202: no function of that name takes those arguments. */
  functionNotFound(
    qualifiedName: string,
    argNames: string[],
    via: 'query' | 'json' | 'text' | 'xml' | 'binary',
    suggestion: string | null,
  ): RestError {
    const sorted = [...argNames].sort();
    // A raw body is the argument itself: no names to list, and no hint (PostgREST's NoRpc).
    const raw = via === 'text' || via === 'xml' || via === 'binary';
    const signature = raw ? '' : sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
    const searched = sorted.length
      ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
      : ' without parameters';
    const lookedFor = raw
      ? ` with a single unnamed ${via === 'binary' ? 'bytea' : via} parameter`
      : via === 'json'
        ? `${searched} or with a single unnamed json/jsonb parameter`
        : searched;
    return new RestError(404, {
      code: 'PGRST202',
      message: `Could not find the function ${qualifiedName}${signature} in the schema cache`,
      details: `Searched for the function ${qualifiedName}${lookedFor}, but no matches were found in the schema cache.`,
      hint: suggestion && !raw ? `Perhaps you meant to call the function ${suggestion}` : null,
    });
  },
  /** PGRST203: several overloads fit the arguments equally well. */
  ambiguousFunction(signatures: string[]): RestError {
    return new RestError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  },
  /** PGRST204: a body or `columns=` names a column the relation does not have. */
  columnNotFound(column: string, relation: string): RestError {
    return new RestError(400, {
      code: 'PGRST204',
      message: `Could not find the '${column}' column of '${relation}' in the schema cache`,
    });
  },
  /** PGRST205: no table or view of that name in the exposed schema. */
  tableNotFound(qualifiedName: string, suggestion: string | null): RestError {
    return new RestError(404, {
      code: 'PGRST205',
      message: `Could not find the table '${qualifiedName}' in the schema cache`,
      hint: suggestion ? `Perhaps you meant the table '${suggestion}'` : null,
    });
  },
  /** 42703 as Postgres words it for a qualified column reference. */
  undefinedColumn(relation: string, column: string, hint: string | null): RestError {
    return new RestError(400, {
      code: '42703',
      message: `column ${relation}.${column} does not exist`,
      hint,
    });
  },
  /**
   * 42712 as Postgres words it: PostgREST names each embed's lateral join
   * `<parent>_<alias or name>_<depth>`, so two embeds under one name clash in its SQL.
   */
  duplicateTableName(name: string): RestError {
    return new RestError(400, {
      code: '42712',
      message: `table name "${name}" specified more than once`,
    });
  },
  /** 42704 as Postgres words it, for a `::cast` to a type that does not exist. */
  undefinedType(type: string): RestError {
    return new RestError(400, { code: '42704', message: `type "${type}" does not exist` });
  },
};

/** Group 3: JWT, with `WWW-Authenticate` as PostgREST 14 writes it. */
export const jwtErrors = {
  /** PGRST301: the token cannot be decoded or its signature does not verify. */
  invalid(message: string): RestError {
    return new RestError(
      401,
      { code: 'PGRST301', message },
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${message}` },
    );
  },
  /**
   * The token's `role` is one PostgREST's `authenticator` cannot switch to: Postgres' own
   * refusal, 42501 (403, the request is authenticated) for a role not granted to it, 22023
   * (401) for a role that does not exist.
   */
  role(known: boolean, message: string): RestError {
    return known
      ? new RestError(403, { code: '42501', message })
      : new RestError(401, { code: '22023', message }, { 'WWW-Authenticate': 'Bearer' });
  },
  /** PGRST303: the claims do not validate (expired, not yet valid, issued in the future). */
  claims(message: string): RestError {
    return new RestError(
      401,
      { code: 'PGRST303', message },
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${message}` },
    );
  },
};

/**
 * PostgREST's status for a SQLSTATE (`PostgREST.Error.pgErrorStatus`). `anonymous` is true when
 * the request ran as the anon role: 42501 is then 401, else 403.
 */
export function statusForSqlState(code: string, anonymous: boolean, message = ''): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '21000':
      // pg-safeupdate's refusal is the client's mistake; other cardinality violations are not.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      // The JWT names a role that does not exist.
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return anonymous ? 401 : 403;
    case 'P0001':
      return 400;
  }
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
  }
  return 400;
}

/**
 * Any failure → the error PostgREST would send. Postgres errors keep their SQLSTATE, message,
 * detail and hint; anything else is an emulator bug and says so without leaking internals.
 */
export function toRestError(error: unknown, anonymous: boolean): RestError {
  if (isRestError(error)) return error;
  if (isPostgresError(error)) {
    if (error.code === 'PGRST') return fromRaisePgrst(error.message, error.detail);
    const status = statusForSqlState(error.code, anonymous, error.message);
    return new RestError(
      status,
      {
        code: error.code,
        message: error.message,
        details: error.detail ?? null,
        hint: error.hint ?? null,
      },
      status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
    );
  }
  return new RestError(500, {
    code: 'PGRSTX00',
    message: 'The REST emulator failed unexpectedly; see the emulator log for the cause.',
  });
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code":…,"message":…}', detail =
 * '{"status":…,"headers":{…}}'`: the function decides the whole error response (PostgREST
 * 11+). A message or detail that is not such JSON is PGRST121.
 */
function fromRaisePgrst(message: string, detail: string | undefined): RestError {
  const parse = (text: string): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };
  const invalid = (details: string, hint: string) =>
    new RestError(500, {
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details,
      hint,
    });
  const body = parse(message);
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return invalid(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined) return invalid('DETAIL is missing in the RAISE statement', detailHint);
  const response = parse(detail);
  const status = response?.status;
  const headers = response?.headers;
  if (
    !response ||
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < 100 ||
    status > 599 ||
    typeof headers !== 'object' ||
    headers === null
  ) {
    return invalid(`Invalid JSON value for DETAIL: '${detail}'`, detailHint);
  }
  return new RestError(
    status,
    {
      code: body.code,
      message: body.message,
      details: typeof body.details === 'string' ? body.details : null,
      hint: typeof body.hint === 'string' ? body.hint : null,
    },
    Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
  );
}
