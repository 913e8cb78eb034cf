import { usePortal } from '@portal/platform';
import { Button, Card, Divider, Stack, UserIcon } from '@portal/ui';
import type { Provider } from '@supabase/supabase-js';
import { useState, type ReactNode } from 'react';
import { withNext, portalUrl, ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError } from '../auth/auth-errors.js';
import { oauthProviders, providerLabel, useAuthSettings } from '../auth/auth-settings.js';
import { EmailCodeSignIn } from './EmailCodeSignIn.js';
import { FormError } from '../auth/FormError.js';
import { KeyAndWalletSignIn } from './KeyAndWalletSignIn.js';
import { useSignInAttempt } from './sign-in-attempts.js';
import { SsoSignIn } from './SsoSignIn.js';

/** Magic link / emailed code, a passkey or wallet, single sign-on, OAuth providers and guest access, as the project and browser offer them. */
export function OtherSignInOptions({ next }: { next: string | null }): ReactNode {
  const { supabase } = usePortal();
  const attempt = useSignInAttempt('provider');
  const settings = useAuthSettings();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const providers = oauthProviders(settings);
  const back = portalUrl(withNext(ACCOUNT_PAGES.signIn, next));

  const withProvider = async (provider: string) => {
    attempt.begin();
    setBusy(provider);
    setError(undefined);
    // On success the browser leaves for the provider and comes back to `back` with a code: the
    // button stays busy until the page goes. A call that throws (the browser refused to keep the
    // PKCE verifier, say) ends the wait as an answered error does.
    try {
      const { error: failed } = await supabase.auth.signInWithOAuth({ provider: provider as Provider, options: { redirectTo: back } });
      if (failed) {
        setError(describeAuthError(failed));
        setBusy(null);
      }
    } catch (failure) {
      setError(describeAuthError(failure));
      setBusy(null);
    }
  };
  const asGuest = async () => {
    attempt.begin();
    setBusy('guest');
    setError(undefined);
    try {
      const { error: failed } = await supabase.auth.signInAnonymously();
      if (failed) setError(describeAuthError(failed));
    } catch (failure) {
      setError(describeAuthError(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title="Other ways to sign in" headingLevel={2}>
      <Stack gap={4}>
        <EmailCodeSignIn next={next} />
        <KeyAndWalletSignIn />
        {settings?.saml_enabled ? <SsoSignIn next={next} /> : null}
        {providers.length || settings?.external.anonymous_users ? <Divider /> : null}
        <FormError title="Could not continue" message={attempt.current ? error : undefined} />
        {providers.map((provider) => (
          <Button key={provider} variant="secondary" loading={busy === provider} loadingLabel="Opening the provider…" onClick={() => void withProvider(provider)}>
            Continue with {providerLabel(provider)}
          </Button>
        ))}
        {settings?.external.anonymous_users ? (
          <Stack gap={1}>
            <Button variant="ghost" iconStart={<UserIcon />} loading={busy === 'guest'} loadingLabel="Starting a guest session…" onClick={() => void asGuest()}>
              Try without an account
            </Button>
            <p className="account-muted">A guest account keeps your work; add an email later to keep it for good.</p>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
