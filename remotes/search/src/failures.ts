// What went wrong, in people's words. supabase-js reports a request that got no answer (the
// server stopped, the network gone) as the browser's own error: postgrest-js as code "" with
// "TypeError: Failed to fetch" for message, storage-js as a StorageUnknownError wrapping the
// TypeError, functions-js as a FunctionsFetchError. A person never reads that: they read what
// happened and what happens next.

/** What a person reads when the server does not answer. */
export const UNREACHABLE = 'The server did not answer: it may be stopped, or the network is down.';

/** Whether `error` is the browser's "no answer" rather than the server's refusal. */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message, originalError } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    originalError?: unknown;
  };
  if (name === 'SearchApiError') return code === 'unreachable';
  if (name === 'SearchFailure') return (error as { unreachable?: unknown }).unreachable === true;
  if (name === 'TypeError' || name === 'FunctionsFetchError' || name === 'AbortError') return true;
  if (name === 'StorageUnknownError' && originalError !== undefined) return isUnreachable(originalError);
  return code === '' && typeof message === 'string' && /^(TypeError|FetchError)\b/.test(message);
}

/** A failure of the search area, in words; `unreachable` when the server gave no answer. */
export class SearchFailure extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'SearchFailure';
  }
}

/** `error` in words: the server's refusal (after `what`, when given), or no answer at all. */
export function searchFailure(error: unknown, what?: string): Error {
  if (isUnreachable(error))
    return new SearchFailure(what ? `${what}. ${UNREACHABLE}` : UNREACHABLE, true);
  if (error instanceof Error && (error.name === 'SearchApiError' || error instanceof SearchFailure))
    return error;
  const message =
    typeof error === 'object' && error !== null && typeof (error as Error).message === 'string'
      ? (error as Error).message
      : String(error);
  return new SearchFailure(what ? `${what}: ${message}` : message);
}

/** A failure to read something, and when the server did not answer, that it is read again by itself. */
export function whatNext(error: unknown): string {
  const failure = searchFailure(error);
  return isUnreachable(failure)
    ? `${failure.message} This page tries again by itself as soon as the server answers.`
    : failure.message;
}
