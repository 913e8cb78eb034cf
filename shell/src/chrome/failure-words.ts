// What the shell's chrome says when something it asked for got no answer: a remote's files, the
// registry, the auth server at sign-out. The browser's own words ("TypeError: Failed to fetch",
// a federation runtime's script error) say nothing to a person; these say what happened and what
// happens next. Everything else keeps its own message (it names the remote and the step).
import { describeError } from '@portal/platform';
import { isUnanswered, UNANSWERED } from '@portal/ui/words';

/** Whether the failure came for want of an answer: the error (or its cause) says so, or the browser has no network. */
export function failedUnanswered(error: unknown, online: boolean = typeof navigator === 'undefined' || navigator.onLine): boolean {
  if (!online) return true;
  if (isUnanswered(error)) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && isUnanswered(cause);
}

/** Said on a remote's error card when its files did not arrive. */
export const FILES_UNANSWERED =
  'Its files did not arrive: the server that hosts them did not answer (it may be stopped, or the network is down). The page tries again by itself when the network comes back, or press Try again.';

/** A remote's failure at `step`, as its error card says it. */
export function describeRemoteFailure(step: string, error: unknown, online?: boolean): string {
  if ((step === 'load' || step === 'fetch manifest') && failedUnanswered(error, online)) return FILES_UNANSWERED;
  return describeError(error);
}

/** Why signing out did not happen, and what to do. */
export function describeSignOutFailure(error: unknown): string {
  if (isUnanswered(error)) return `You are still signed in. ${UNANSWERED} Sign out again once it answers.`;
  return describeError(error);
}
