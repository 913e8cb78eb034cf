import { useSupabase } from '@portal/platform';
import { Alert, Button, Card, Form, FormActions, Stack, VisuallyHidden } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl, withNext } from '../account-paths.js';
import { describeAuthError, placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { NewAccountFields, NO_NEW_ACCOUNT, type NewAccountValues } from './NewAccountFields.js';
import { checkSignUp, hasErrors, type FieldErrors } from '../auth/validation.js';

export function SignUpPage({ next }: { next: string | null }): ReactNode {
  const supabase = useSupabase();
  const [values, setValues] = useState(NO_NEW_ACCOUNT);
  const [errors, setErrors] = useState<FieldErrors<keyof NewAccountValues>>({});
  const { email, password } = values;
  const [busy, setBusy] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  // The confirmation link brings the person back to where they started.
  const emailRedirectTo = portalUrl(withNext(ACCOUNT_PAGES.signIn, next));

  const submit = async () => {
    const found = checkSignUp(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const { data, error } = await supabase.auth.signUp({ email: email.trim(), password, options: { emailRedirectTo } });
      if (error) {
        const placed = placeAuthError(error);
        setErrors({ [placed.field === 'code' ? 'form' : placed.field]: placed.message });
      } else if (!data.session) {
        // The project asks new people to confirm their address first.
        setAwaitingConfirmation(email.trim());
      }
      // With a session, the session store changes and AccountApp moves on to `next`.
    } catch (error) {
      setErrors({ form: placeAuthError(error).message });
    } finally {
      setBusy(false);
    }
  };

  if (awaitingConfirmation) return <CheckYourInbox email={awaitingConfirmation} emailRedirectTo={emailRedirectTo} />;

  return (
    <div className="account-narrow">
      <VisuallyHidden>
        <h1>Create your portal account</h1>
      </VisuallyHidden>
      <Card title="Create an account" description="One account for every part of the portal." headingLevel={2}>
        <Form onSubmit={submit} aria-label="Create an account">
          <Stack gap={4}>
            <FormError title="Could not create the account" message={errors.form} />
            <NewAccountFields values={values} errors={errors} onChange={setValues} />
            <FormActions align="start">
              <Button type="submit" variant="primary" loading={busy} loadingLabel="Creating your account…">
                Create account
              </Button>
            </FormActions>
            <p className="account-switch">
              Already have an account? <a href={withNext(ACCOUNT_PAGES.signIn, next)}>Sign in</a>
            </p>
          </Stack>
        </Form>
      </Card>
    </div>
  );
}

function CheckYourInbox({ email, emailRedirectTo }: { email: string; emailRedirectTo: string }): ReactNode {
  const supabase = useSupabase();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const resend = async () => {
    setBusy(true);
    const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } });
    setBusy(false);
    setOutcome(error ? { tone: 'error', text: describeAuthError(error) } : { tone: 'success', text: `Sent again to ${email}.` });
  };
  return (
    <div className="account-narrow" data-testid="check-inbox">
      <Stack gap={4}>
        <Alert
          tone="success"
          title="Check your inbox"
          role="status"
          actions={
            <Button size="sm" variant="secondary" loading={busy} loadingLabel="Sending…" onClick={() => void resend()}>
              Send the mail again
            </Button>
          }
        >
          We sent a confirmation link to {email}. Open it in this browser to finish creating your account.
        </Alert>
        {outcome ? (
          <Alert tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'} title={outcome.tone === 'error' ? 'Could not send the mail again' : undefined}>
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </div>
  );
}
