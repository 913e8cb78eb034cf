// A request that got no answer at all (the server stopped, the network gone), told apart from the
// server's refusal, and said in words. Each supabase-js library reports it its own way, none with
// words for people: auth-js an AuthRetryableFetchError ("Failed to fetch", status 0; or a 502–504
// from a gateway with nothing behind it), postgrest-js an error with code "" and "TypeError: Failed
// to fetch" for message, storage-js a StorageUnknownError around the TypeError, functions-js a
// FunctionsFetchError; a plain fetch throws the TypeError itself. Read by name, not instanceof:
// under Module Federation two copies of a class can meet.

/** What a person reads when the server did not answer. */
export const UNANSWERED = 'The server did not answer: it may be stopped, or the network is down.';
/** What happens next to something the page reads. */
export const READ_AGAIN_WHEN_ANSWERED = 'This page tries again by itself as soon as the server answers.';

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  originalError?: unknown;
}

/** Whether `error` means the server gave no answer, rather than an answer refusing the request. */
export function isUnanswered(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message, originalError } = error as ErrorLike;
  switch (name) {
    case 'TypeError':
      // fetch's own failure (Chromium, Firefox, Safari, Node), not a bug's TypeError.
      return typeof message === 'string' && /fetch|network|load failed/i.test(message);
    case 'TimeoutError':
    case 'FunctionsFetchError':
    case 'AuthRetryableFetchError':
      return true;
    case 'StorageUnknownError':
      return isUnanswered(originalError);
  }
  return code === '' && typeof message === 'string' && /^(TypeError|FetchError|TimeoutError)\b/.test(message);
}
