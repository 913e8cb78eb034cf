import { usePortal } from '@portal/platform';
import { Button, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import { isAuthError } from '@supabase/supabase-js';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl, withNext } from '../account-paths.js';
import { describeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { useSignInAttempt } from './sign-in-attempts.js';
import { ssoDomainOf } from './sso-domain.js';

/** Words for a failure to start single sign-on for `domain`. */
function describeSsoFailure(domain: string, error: unknown): string {
  if (isAuthError(error) && error.code === 'sso_provider_not_found')
    return `Single sign-on is not set up for ${domain}. Sign in another way, or ask whoever runs your company’s accounts.`;
  if (isAuthError(error) && error.code === 'saml_provider_disabled') return 'This portal does not offer single sign-on.';
  return describeAuthError(error);
}

/**
 * "Sign in with SSO": the company's identity provider found by the email domain; the browser
 * goes there and comes back to this page (then `next`) with a code.
 */
export function SsoSignIn({ next }: { next: string | null }): ReactNode {
  const { supabase } = usePortal();
  const attempt = useSignInAttempt('sso');
  const [entry, setEntry] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    attempt.begin();
    setError(undefined);
    const checked = ssoDomainOf(entry);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    // On success supabase-js sends the browser to the identity provider.
    const { error: failed } = await supabase.auth.signInWithSSO({
      domain: checked.domain,
      options: { redirectTo: portalUrl(withNext(ACCOUNT_PAGES.signIn, next)) },
    });
    if (failed) {
      setError(describeSsoFailure(checked.domain, failed));
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={start} aria-label="Sign in with SSO">
      <Stack gap={3}>
        <FormError title="Could not start single sign-on" message={attempt.current ? error : undefined} />
        <Field label="Sign in with your company’s single sign-on" error={attempt.current ? fieldError : undefined}>
          <TextInput name="sso-domain" autoComplete="email" placeholder="name@acme.com or acme.com" value={entry} onChange={(e) => setEntry(e.target.value)} />
        </Field>
        <FormActions align="start">
          <Button type="submit" variant="secondary" loading={busy} loadingLabel="Opening your company’s sign-in…">
            Sign in with SSO
          </Button>
        </FormActions>
      </Stack>
    </Form>
  );
}
