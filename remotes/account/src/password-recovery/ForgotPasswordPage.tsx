import { useSupabase } from '@portal/platform';
import { Alert, Button, Card, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl } from '../account-paths.js';
import { placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { checkEmail, type FieldErrors } from '../auth/validation.js';

export function ForgotPasswordPage(): ReactNode {
  const supabase = useSupabase();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sends, setSends] = useState(0);

  const send = async (address: string) => {
    setBusy(true);
    // The link comes back to the reset page, where the client turns it into a recovery session
    // and emits PASSWORD_RECOVERY.
    const { error } = await supabase.auth.resetPasswordForEmail(address, { redirectTo: portalUrl(ACCOUNT_PAGES.resetPassword) });
    setBusy(false);
    if (error) {
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'email' ? 'email' : 'form']: placed.message });
      return;
    }
    setErrors({});
    setSentTo(address);
    setSends((n) => n + 1);
  };

  const submit = async () => {
    const emailError = checkEmail(email);
    setErrors(emailError ? { email: emailError } : {});
    if (!emailError) await send(email.trim());
  };

  return (
    <div className="account-narrow">
      <Card title="Reset your password" description="We will email you a link to choose a new password." headingLevel={1}>
        {sentTo ? (
          <Stack gap={4}>
            <Alert tone="success" title="Check your inbox" role="status">
              If an account uses {sentTo}, a link to reset its password is on its way. It works once, for one hour, in this browser.
              {sends > 1 ? ' (Sent again: use the newest mail.)' : ''}
            </Alert>
            <FormError title="Could not send the mail again" message={errors.form ?? errors.email} />
            <FormActions align="start">
              <Button variant="secondary" loading={busy} loadingLabel="Sending…" onClick={() => void send(sentTo)}>
                Send the link again
              </Button>
              <a className="account-inline-link" href={ACCOUNT_PAGES.signIn}>
                Back to sign in
              </a>
            </FormActions>
          </Stack>
        ) : (
          <Form onSubmit={submit} aria-label="Reset your password">
            <Stack gap={4}>
              <FormError title="Could not send the mail" message={errors.form} />
              <Field label="Email" error={errors.email} required>
                <TextInput type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field>
              <FormActions align="start">
                <Button type="submit" variant="primary" loading={busy} loadingLabel="Sending…">
                  Email me a reset link
                </Button>
                <a className="account-inline-link" href={ACCOUNT_PAGES.signIn}>
                  Back to sign in
                </a>
              </FormActions>
            </Stack>
          </Form>
        )}
      </Card>
    </div>
  );
}
