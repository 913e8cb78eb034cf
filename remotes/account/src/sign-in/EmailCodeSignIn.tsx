import { useSupabase } from '@portal/platform';
import { Alert, Button, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl, withNext } from '../account-paths.js';
import { placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { useSignInAttempt } from './sign-in-attempts.js';
import { checkCode, checkEmail, normaliseCode, type FieldErrors } from '../auth/validation.js';

/**
 * Passwordless sign-in: one mail carries both a magic link (back to this page, then `next`)
 * and a 6-digit code for when the mail is read on another device.
 */
export function EmailCodeSignIn({ next }: { next: string | null }): ReactNode {
  const supabase = useSupabase();
  const attempt = useSignInAttempt('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'code'>>({});
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const send = async (address: string): Promise<boolean> => {
    const { error } = await supabase.auth.signInWithOtp({
      email: address,
      options: { emailRedirectTo: portalUrl(withNext(ACCOUNT_PAGES.signIn, next)) },
    });
    if (error) {
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'email' ? 'email' : 'form']: placed.message });
      return false;
    }
    return true;
  };

  const request = async () => {
    attempt.begin();
    const emailError = checkEmail(email);
    setErrors(emailError ? { email: emailError } : {});
    if (emailError) return;
    setBusy(true);
    if (await send(email.trim())) setSentTo(email.trim());
    setBusy(false);
  };

  const verify = async () => {
    attempt.begin();
    const codeError = checkCode(code);
    setErrors(codeError ? { code: codeError } : {});
    if (codeError || !sentTo) return;
    setBusy(true);
    // On success the session store changes and the account area moves on to `next`.
    const { error } = await supabase.auth.verifyOtp({ email: sentTo, token: normaliseCode(code), type: 'email' });
    setBusy(false);
    if (error) {
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'code' ? 'code' : 'form']: placed.message });
    }
  };

  const resend = async () => {
    if (!sentTo) return;
    attempt.begin();
    setBusy(true);
    setResent(false);
    setErrors({});
    setResent(await send(sentTo));
    setBusy(false);
  };

  // Another way tried since: what this form said is no longer the news (the code still works).
  const shown = attempt.current ? errors : {};
  if (!sentTo) {
    return (
      <Form onSubmit={request} aria-label="Email me a sign-in link">
        <Stack gap={3}>
          <FormError title="Could not send the mail" message={shown.form} />
          <Field label="Email me a sign-in link or code" error={shown.email}>
            <TextInput type="email" name="email" autoComplete="email" placeholder="name@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="secondary" loading={busy} loadingLabel="Sending…">
              Email me a link
            </Button>
          </FormActions>
        </Stack>
      </Form>
    );
  }

  return (
    <Form onSubmit={verify} aria-label="Enter the code from the mail">
      <Stack gap={3}>
        {attempt.current ? (
          <Alert tone="success" title="Check your inbox" role="status">
            We sent a sign-in link and a 6-digit code to <strong>{sentTo}</strong>. Open the link in this browser, or type the code here.
          </Alert>
        ) : (
          <p className="account-muted">
            The sign-in link and code sent to <strong>{sentTo}</strong> still work.
          </p>
        )}
        {resent && attempt.current ? <p className="account-muted" role="status">Sent again. The newest code is the one that works.</p> : null}
        <FormError title="Could not sign in with the code" message={shown.form} />
        <Field label="Code from the mail" error={shown.code}>
          <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <FormActions align="start">
          <Button type="submit" variant="primary" loading={busy} loadingLabel="Checking…">
            Sign in with the code
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void resend()}>
            Send another
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setSentTo(null);
              setCode('');
              setErrors({});
            }}
          >
            Use another address
          </Button>
        </FormActions>
      </Stack>
    </Form>
  );
}
