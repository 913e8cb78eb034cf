// What went wrong, in people's words. supabase-js reports a request that got no answer (the
// server stopped, the network gone) as the browser's own error: postgrest-js as code "" with
// "TypeError: Failed to fetch" for message, storage-js as a StorageUnknownError wrapping the
// TypeError. A person must never read that: they read what happened and what happens next.

/** What a person reads when the server does not answer. */
export const UNREACHABLE = 'The server did not answer: it may be stopped, or the network is down.';

/** A failure of the files area, already in words; `unreachable` when the server gave no answer. */
export class FilesFailure extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'FilesFailure';
  }
}

/** Whether `error` is the browser's "no answer" rather than the server's refusal. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof FilesFailure) return error.unreachable;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message, originalError } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    originalError?: unknown;
  };
  if (name === 'TypeError' || name === 'AbortError' || name === 'TimeoutError') return true;
  if (name === 'StorageUnknownError' && originalError !== undefined) return isUnreachable(originalError);
  return code === '' && typeof message === 'string' && /^(TypeError|FetchError)\b/.test(message);
}

/**
 * `error` as a FilesFailure: the server's refusal in its own words (after `what`, when given:
 * "What is in “My files / a” could not be listed: …"), or the words for no answer at all.
 */
export function filesFailure(error: unknown, what?: string): FilesFailure {
  if (error instanceof FilesFailure) return error;
  if (isUnreachable(error)) return new FilesFailure(what ? `${what}. ${UNREACHABLE}` : UNREACHABLE, true);
  const message =
    typeof error === 'object' && error !== null && typeof (error as Error).message === 'string'
      ? (error as Error).message
      : String(error);
  return new FilesFailure(what ? `${what}: ${message}` : message);
}

/** Any failure as a sentence for people. */
export function describeFailure(error: unknown): string {
  return filesFailure(error).message;
}

/** A failure to read something, and when the server did not answer, that it is read again by itself. */
export function whatNext(failure: FilesFailure): string {
  return failure.unreachable
    ? `${failure.message} This page tries again by itself as soon as the server answers.`
    : failure.message;
}
