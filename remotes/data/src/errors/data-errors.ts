// The data remote's one catalogue of error codes (docs/errors.md#data-remote-errors), and the
// words it shows a person for the REST API's errors (docs/compatibility.md#rest-errors:
// `{code, message, details, hint}`, codes PGRSTxxx or SQLSTATE).

export const DataErrorCode = {
  /** The REST API's OpenAPI description could not be fetched. */
  SchemaUnavailable: 'DATA-001',
  /** The description is not a PostgREST OpenAPI document. */
  SchemaInvalid: 'DATA-002',
  /** The URL names a table the description does not list. */
  UnknownTable: 'DATA-003',
  /** An update or delete reached fewer rows than asked: row level security, or the row is gone. */
  RowsNotChanged: 'DATA-004',
  /** A value typed into an editor is not valid for its column. */
  InvalidValue: 'DATA-005',
  /** The REST API answered with an error. */
  RequestFailed: 'DATA-006',
  /** The browser refused to copy to the clipboard. */
  ClipboardUnavailable: 'DATA-007',
  /** No answer from the server: it is stopped or unreachable, or the network is gone. */
  Unreachable: 'DATA-008',
  /** A cell changed on the server since it was read: saving would overwrite someone else's change. */
  EditConflict: 'DATA-009',
} as const;
export type DataErrorCode = (typeof DataErrorCode)[keyof typeof DataErrorCode];

const BRAND = '__isDataError';

export class DataError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: DataErrorCode,
    message: string,
    /** The server's error code (PGRST…, SQLSTATE), when the server refused. */
    readonly serverCode: string | null = null,
    /** EditConflict: what the cell holds now on the server. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'DataError';
  }
}

/** Brand guard: `instanceof` can lie when two copies of a module meet under Module Federation. */
export function isDataError(value: unknown): value is DataError {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true;
}

/** The shape of postgrest-js's `PostgrestError` (a plain object on the wire). */
export interface RestErrorLike {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  hint?: string | null;
}

/** A short lead-in for the codes people meet most, so the server's own words make sense. */
function leadFor(code: string): string | null {
  if (code === '42501') return 'Permission denied by the database (row level security or privileges).';
  if (code === '23505') return 'A row with this value already exists.';
  if (code === '23503') return 'This refers to a row that does not exist, or is still referred to.';
  if (code === '23502') return 'A required value is missing.';
  if (code === '23514') return 'A value breaks one of the table’s rules.';
  if (code === '22P02' || code === '22007' || code === '22008') return 'A value is not valid for its column.';
  if (code === 'PGRST301' || code === 'PGRST303') return 'Your session is no longer valid; sign in again.';
  return null;
}

/** What a person reads when the server does not answer; `then` says what happens next. */
export const UNREACHABLE = 'The server did not answer: it may be stopped, or the network is down.';

/**
 * Whether a failure is the browser's "no answer" rather than a refusal. postgrest-js reports a
 * failed fetch as an error with code "" and the browser's `TypeError` as message and stack
 * (docs/compatibility.md#rest-errors); supabase-js's other clients throw the TypeError itself.
 */
export function isUnreachable(error: unknown): boolean {
  if (isDataError(error)) return error.code === DataErrorCode.Unreachable;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (name === 'TypeError' || name === 'FunctionsFetchError' || name === 'AuthRetryableFetchError') return true;
  return code === '' && typeof message === 'string' && /^(TypeError|FetchError)\b/.test(message);
}

/** The server's error in words for people, with its message, details and hint as it sent them. */
export function describeRestError(error: RestErrorLike): string {
  // Never the browser's words and stack trace for a request that got no answer.
  if (isUnreachable(error)) return UNREACHABLE;
  const code = error.code ?? '';
  const lead = code ? leadFor(code) : null;
  const parts = [lead, error.message, error.details, error.hint].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  const text = [...new Set(parts)].join(' ');
  return code ? `${text} (${code})` : text || 'The request failed.';
}

/** Wraps a REST error as the remote's error, keeping the server's code. */
export function restFailure(error: RestErrorLike): DataError {
  if (isUnreachable(error)) return new DataError(DataErrorCode.Unreachable, UNREACHABLE);
  return new DataError(DataErrorCode.RequestFailed, describeRestError(error), error.code ?? null);
}

/**
 * Any failure in words for people: the remote's own errors as they are, a request without an
 * answer as such (never a stack trace), anything else by its message.
 */
export function describeFailure(error: unknown): string {
  if (isUnreachable(error)) return UNREACHABLE;
  if (isDataError(error)) return error.message;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as RestErrorLike).message === 'string') return describeRestError(error as RestErrorLike);
  return 'Something went wrong.';
}
