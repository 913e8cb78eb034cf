// One sign-in page, one current message. The page offers several ways in (password, a mailed link
// or code, a passkey or wallet, single sign-on, a provider, a guest session), each with its own
// messages beside its own form. A person who tries one after another must read only what the last
// attempt said: "Could not sign in" from a wrong password stayed above "Check your inbox" once a
// magic link was sent. Each way tells the page when an attempt starts; the others' messages (and
// the error a sign-in link came back with) step aside, and the new one is announced where it is.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type SignInMethod = 'password' | 'email' | 'key' | 'sso' | 'provider';

interface Attempts {
  /** The way tried last; null before any attempt on this page. */
  latest: SignInMethod | null;
  begin(method: SignInMethod): void;
}

const AttemptsContext = createContext<Attempts>({ latest: null, begin: () => {} });

export function SignInAttempts({ children }: { children: ReactNode }): ReactNode {
  const [latest, setLatest] = useState<SignInMethod | null>(null);
  const begin = useCallback((method: SignInMethod) => setLatest(method), []);
  const attempts = useMemo(() => ({ latest, begin }), [latest, begin]);
  return <AttemptsContext value={attempts}>{children}</AttemptsContext>;
}

export interface SignInAttempt {
  /** Call as an attempt starts: the other ways' messages step aside. */
  begin(): void;
  /** Whether this way's messages are the current ones (it was tried last, or nothing was tried yet). */
  current: boolean;
}

/** The attempts of one way of signing in. */
export function useSignInAttempt(method: SignInMethod): SignInAttempt {
  const { latest, begin } = useContext(AttemptsContext);
  return { begin: useCallback(() => begin(method), [begin, method]), current: latest === null || latest === method };
}

/** Whether no attempt was made on this page yet (the error a sign-in link came back with is still news). */
export function useNoAttemptYet(): boolean {
  return useContext(AttemptsContext).latest === null;
}
