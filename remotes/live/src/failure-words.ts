// Failures in words for people. supabase-js reports a request that got no answer as an error whose
// message and details are the browser's TypeError and its stack (postgrest-js: code ""), and
// describeError turns a plain error object into its JSON: neither is for people. A refusal keeps
// the server's own message, led by what it means.
import { describeError } from '@portal/platform';

/** What a person reads when the server does not answer. */
export const UNREACHABLE = 'The server could not be reached.';

/** Whether a failure is "no answer" (server stopped, network down) rather than a refusal. */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (name === 'TypeError' || name === 'AuthRetryableFetchError' || name === 'FunctionsFetchError') return true;
  return (code === '' || code === undefined) && typeof message === 'string' && /^(TypeError|FetchError)\b|Failed to fetch|NetworkError|fetch failed/i.test(message);
}

const LEADS: Record<string, string> = {
  '42501': 'You are not allowed to do that here.',
  '23514': 'The message breaks one of the room’s rules.',
  PGRST301: 'Your session is no longer valid; sign in again.',
  PGRST303: 'Your session is no longer valid; sign in again.',
};

/** A failure in words: never a stack trace or an object's JSON. */
export function describeFailure(error: unknown): string {
  if (isUnreachable(error)) return UNREACHABLE;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const { message, code } = error as { message: string; code?: unknown };
    const lead = typeof code === 'string' ? LEADS[code] : undefined;
    return lead && lead !== message ? `${lead} ${message}` : message || 'Something went wrong.';
  }
  const text = describeError(error);
  return text.startsWith('{') || text.startsWith('[') ? 'Something went wrong.' : text;
}
