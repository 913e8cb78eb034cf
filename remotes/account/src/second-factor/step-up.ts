import { navigate, type SessionSnapshot } from '@portal/platform';
import { ACCOUNT_PAGES, withNext } from '../account-paths.js';

/** Sends a person to the second-factor challenge, then back to `returnTo`. */
export function sendToSecondFactor(returnTo: string): void {
  navigate(withNext(ACCOUNT_PAGES.verify, returnTo));
}

/**
 * Destructive security actions follow the shell's aal2 rule: a person who has a second factor
 * must have used it in this session. Returns true when the action may go ahead; otherwise sends
 * the person to the challenge and back to `returnTo`.
 */
export function requireSecondFactor(auth: Pick<SessionSnapshot, 'aal' | 'nextAal'>, returnTo: string): boolean {
  if (auth.nextAal === 'aal2' && auth.aal !== 'aal2') {
    sendToSecondFactor(returnTo);
    return false;
  }
  return true;
}
