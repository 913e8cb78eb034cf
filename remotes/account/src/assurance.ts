import type { AuthenticatorAssuranceLevel, SessionSnapshot } from '@portal/platform';

export interface Assurance {
  current: AuthenticatorAssuranceLevel | null;
  /** aal2 when the person has a verified factor, so the session can (and should) be stepped up. */
  next: AuthenticatorAssuranceLevel | null;
}

/**
 * Same answer as `supabase.auth.mfa.getAuthenticatorAssuranceLevel()` without a session: the
 * token's `aal` claim, and aal2 as the next level once a verified factor exists. Read from the
 * platform's snapshot so it changes with every auth event, synchronously.
 */
export function assuranceOf({ session, aal }: Pick<SessionSnapshot, 'session' | 'aal'>): Assurance {
  if (!session) return { current: null, next: null };
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return { current: aal, next: verified ? 'aal2' : aal };
}
