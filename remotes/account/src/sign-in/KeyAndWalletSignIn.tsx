import { usePortal } from '@portal/platform';
import { Button, Stack } from '@portal/ui';
import { isAuthError } from '@supabase/supabase-js';
import { isUnanswered } from '@portal/ui/words';
import { useState, type ReactNode } from 'react';
import { describeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { useSignInAttempt } from './sign-in-attempts.js';
import { browserSupportsSecurityKeys } from '../security/webauthn-support.js';

type Method = 'passkey' | 'ethereum' | 'solana';

function hasWallet(name: 'ethereum' | 'solana'): boolean {
  return typeof window !== 'undefined' && typeof (window as unknown as Record<string, unknown>)[name] === 'object';
}

/** Words for a wallet or passkey failure: a refusal in the wallet or the browser is said as such. */
export function describeSignInFailure(method: Method, error: unknown): string {
  if (isAuthError(error)) {
    if (error.code === 'passkey_disabled') return 'This portal does not offer passkey sign-in.';
    if (error.code === 'web3_provider_disabled') return 'This portal does not offer sign-in with this wallet.';
    if (error.code === 'webauthn_verification_failed')
      return `${error.message}. This passkey is not registered for an account here; sign in another way and add it on the Security page.`;
    return describeAuthError(error);
  }
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  // EIP-1193's 4001 "User Rejected Request"; Solana wallets throw a WalletSignMessageError or similar.
  if (code === 4001 || (typeof message === 'string' && /reject|denied|declined|cancel/i.test(message))) {
    return method === 'passkey' ? 'The passkey request was cancelled. Nothing was signed.' : 'You declined the request in your wallet. Nothing was signed.';
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY')
    return 'The passkey request was cancelled or timed out. Try again, or sign in another way.';
  if (isUnanswered(error)) return describeAuthError(error);
  return `Could not sign in: ${typeof message === 'string' ? message : String(error)}`;
}

/** "Sign in with a passkey" where the browser has WebAuthn, and with a wallet the page finds. */
export function KeyAndWalletSignIn(): ReactNode {
  const { supabase } = usePortal();
  const attempt = useSignInAttempt('key');
  const [busy, setBusy] = useState<Method | null>(null);
  const [error, setError] = useState<string | undefined>();
  const methods = {
    passkey: browserSupportsSecurityKeys(),
    ethereum: hasWallet('ethereum'),
    solana: hasWallet('solana'),
  };
  if (!methods.passkey && !methods.ethereum && !methods.solana) return null;

  // On success the session store changes and AccountApp moves on.
  const run = async (method: Method) => {
    attempt.begin();
    setBusy(method);
    setError(undefined);
    try {
      const statement = 'Sign in to the portal';
      const { error: failed } =
        method === 'passkey'
          ? await supabase.auth.signInWithPasskey()
          : method === 'ethereum'
            ? await supabase.auth.signInWithWeb3({ chain: 'ethereum', statement })
            : await supabase.auth.signInWithWeb3({ chain: 'solana', statement });
      if (failed) setError(describeSignInFailure(method, failed));
    } catch (failure) {
      setError(describeSignInFailure(method, failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={2}>
      <FormError title="Could not sign in" message={attempt.current ? error : undefined} />
      {methods.passkey ? (
        <Button variant="secondary" loading={busy === 'passkey'} loadingLabel="Waiting for the passkey…" onClick={() => void run('passkey')}>
          Sign in with a passkey
        </Button>
      ) : null}
      {methods.ethereum ? (
        <Button variant="secondary" loading={busy === 'ethereum'} loadingLabel="Waiting for the wallet…" onClick={() => void run('ethereum')}>
          Sign in with Ethereum wallet
        </Button>
      ) : null}
      {methods.solana ? (
        <Button variant="secondary" loading={busy === 'solana'} loadingLabel="Waiting for the wallet…" onClick={() => void run('solana')}>
          Sign in with Solana wallet
        </Button>
      ) : null}
    </Stack>
  );
}
