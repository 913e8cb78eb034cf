// The storage service's one error type and its catalogue (codes, statuses and messages as
// storage-api renders them; every code is listed in docs/errors.md#storage-errors).
// As docs/compatibility.md#storage-errors describes, the body is
// `{statusCode:"404", code:"NoSuchKey", error:"not_found", message}` and the HTTP status is
// 400 for every non-500 error; vector routes (docs/compatibility.md#vector-buckets) keep the real
// status instead.
import { isPostgresError } from '../db/database.js';
import { describeIssues, type JsonBodyErrors } from '../http/json-body.js';

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  /** Brand that survives duplicate module copies (instanceof can lie across bundles). */
  readonly __isStorageError = true;

  constructor(
    /** Stable code, e.g. `NoSuchKey`. */
    readonly code: string,
    /** The status storage-api puts in the body's `statusCode`. */
    readonly statusCode: number,
    message: string,
    /** The legacy `error` field; storage-api falls back to the code. */
    readonly errorName: string = code,
    /** The HTTP status sent when it is not the legacy 400 (range errors, timeouts). */
    readonly httpStatusOverride?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.statusCode), code: this.code, error: this.errorName, message: this.message };
  }

  /** storage-api's quirk: everything but 500 travels as HTTP 400 on the object/bucket routes. */
  legacyHttpStatus(): number {
    if (this.httpStatusOverride) return this.httpStatusOverride;
    return this.statusCode >= 500 ? 500 : 400;
  }
}

export function isStorageError(error: unknown): error is StorageError {
  return typeof error === 'object' && error !== null && (error as { __isStorageError?: unknown }).__isStorageError === true;
}

/** The catalogue: every error the storage and vector routes answer with. */
export const storageErrors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  bucketAlreadyExists: () => new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () => new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty', 'ResourceNotEmpty'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    new StorageError('EntityTooLarge', 413, `The ${entity} exceeded ${limit}`, 'Payload too large'),
  /** A JSON body over `[api] max_request_body_size`: HTTP 413, as storage-api's body limit answers. */
  requestTooLarge: (limit: string) =>
    new StorageError('EntityTooLarge', 413, `The request body exceeded ${limit}`, 'Payload too large', 413),
  invalidMimeType: (mimeType: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidBucketName: (name: string) =>
    new StorageError('InvalidBucketName', 400, `Bucket name invalid: ${JSON.stringify(name)}`, 'Invalid Input'),
  invalidKey: (key: string, reason: string) =>
    new StorageError('InvalidKey', 400, `Invalid key: ${key} (${reason})`),
  invalidJwt: (message: string) => new StorageError('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  accessDenied: (message = 'Access denied') => new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  rowLevelSecurity: () =>
    new StorageError('AccessDenied', 403, 'new row violates row-level security policy', 'Unauthorized'),
  invalidRange: () => new StorageError('InvalidRange', 416, 'invalid range provided', 'invalid_range', 416),
  invalidFileSizeLimit: (value: unknown) =>
    new StorageError(
      'InvalidRequest',
      400,
      `Invalid file size format ${JSON.stringify(value)}, hint: use 20GB / 20MB / 30KB / 3B`,
    ),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
  missingParameter: (name: string) => new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  noContentProvided: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  internal: (message = 'Internal server error') => new StorageError('InternalError', 500, message),
  aborted: () => new StorageError('Aborted', 500, 'The client aborted the upload before it completed'),
  /** A render of something that is no image sharp can read (imgproxy answers 422 in Supabase's stack). */
  imageProcessing: (message: string) => new StorageError('ImageProcessingError', 422, message),
  // Vector buckets (docs/compatibility.md#vector-buckets); these keep their real HTTP status.
  vectorConflict: (resource: string, name: string) =>
    new StorageError('ConflictException', 409, `${resource} "${name}" already exists`),
  vectorNotFound: (resource: string, name: string) =>
    new StorageError('NotFoundException', 404, `${resource} "${name}" not found`),
  vectorBucketNotEmpty: (name: string) =>
    new StorageError('VectorBucketNotEmpty', 400, `Vector Bucket "${name}" not empty`),
  vectorMaxBuckets: (max: number) =>
    new StorageError(
      'S3VectorMaxBucketsExceeded',
      400,
      `Maximum number of buckets exceeded. Max allowed is ${max}. Contact support to increase your limit.`,
    ),
  vectorMaxIndexes: (max: number) =>
    new StorageError(
      'S3VectorMaxIndexesExceeded',
      400,
      `Maximum number of indexes exceeded. Max allowed is ${max}. Contact support to increase your limit.`,
    ),
  vectorsUnavailable: () =>
    new StorageError(
      'FeatureNotEnabled',
      501,
      'Vector buckets need the pgvector extension ("vector"), which this PostgreSQL server does not have. ' +
        'Use the embedded database (PGlite, the default) or a server with pgvector installed.',
    ),
} as const;

/**
 * A request storage-api has no route for (an unknown path, a method a path does not take, the
 * vector routes while `[storage.vector] enabled = false`): Fastify's default not-found answer is
 * what the client gets — HTTP 404, a numeric `statusCode`, and the URL as storage-api sees it,
 * below `/storage/v1`, query string included.
 */
export function unknownRoute(method: string, url: string): { message: string; error: string; statusCode: number } {
  return { message: `Route ${method}:${url} not found`, error: 'Not Found', statusCode: 404 };
}

/** Thrown by a handler that finds no route for its sub-path; the service answers `unknownRoute`. */
export class RouteNotFound extends Error {
  /** Brand that survives duplicate module copies, as StorageError's does. */
  readonly __isRouteNotFound = true;

  constructor() {
    super('route not found');
    this.name = 'RouteNotFound';
  }
}

export function isRouteNotFound(error: unknown): error is RouteNotFound {
  return typeof error === 'object' && error !== null && (error as { __isRouteNotFound?: unknown }).__isRouteNotFound === true;
}

/**
 * A JSON body storage cannot read (`readJsonBody`): a 400 that names the field and the reason,
 * as storage-api answers schema failures. An empty body is read as `{}` (`STORAGE_EMPTY_BODY`).
 */
export const storageBodyErrors: JsonBodyErrors = {
  malformed: () => new StorageError('InvalidRequest', 400, 'The request body is not valid JSON', 'Bad Request'),
  invalid: (issues) =>
    new StorageError('InvalidRequest', 400, describeIssues(issues, { root: 'body', qualify: true }), 'Bad Request'),
};

export const STORAGE_EMPTY_BODY = { whenEmpty: {} } as const;

/**
 * Postgres failures that are the caller's doing, mapped as storage-api maps them
 * (`DBError.fromDBError`): 42501 → AccessDenied, 23505 → already exists, 22P02 → bad value.
 * A NUL character in a name, a prefix or metadata is the caller's too: Postgres cannot store it
 * in text (22021) or in jsonb (22P05). Anything else stays an internal error.
 */
export function fromPostgresError(error: unknown, duplicate: () => StorageError): StorageError | null {
  if (!isPostgresError(error)) return null;
  switch (error.code) {
    case '42501':
      return /row-level security/.test(error.message) ? storageErrors.rowLevelSecurity() : storageErrors.accessDenied(error.message);
    case '23505':
      return duplicate();
    case '22P02':
      return storageErrors.invalidParameter('value', error.message);
    case '22021':
    case '22P05':
      return storageErrors.invalidRequest(`The request contains a character that cannot be stored (a NUL, \\u0000): ${error.message}`);
    case '23503':
      return new StorageError('InvalidRequest', 404, 'The related resource does not exist');
    default:
      return null;
  }
}
