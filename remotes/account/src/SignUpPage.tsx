import { useSupabase } from '@portal/platform';
import { Alert, Button, Card, Field, Form, FormActions, PasswordInput, Stack, TextInput, VisuallyHidden } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { placeAuthError } from './auth-errors.js';
import { withNext } from './next-path.js';
import { checkSignUp, hasErrors, MINIMUM_PASSWORD_LENGTH, type FieldErrors } from './validation.js';

export function SignUpPage({ next }: { next: string | null }): ReactNode {
  const supabase = useSupabase();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password' | 'confirm'>>({});
  const [busy, setBusy] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);

  const submit = async () => {
    const found = checkSignUp({ email, password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const { data, error } = await supabase.auth.signUp({
        email: email.trim(),
        password,
        options: { emailRedirectTo: `${window.location.origin}${next ?? '/account'}` },
      });
      if (error) {
        const placed = placeAuthError(error);
        setErrors({ [placed.field]: placed.message });
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

  if (awaitingConfirmation) {
    return (
      <div className="account-narrow">
        <Alert tone="success" title="Check your inbox" role="status">
          We sent a confirmation link to {awaitingConfirmation}. Open it to finish creating your account.
        </Alert>
      </div>
    );
  }

  return (
    <div className="account-narrow">
      <VisuallyHidden>
        <h1>Create your portal account</h1>
      </VisuallyHidden>
      <Card title="Create an account" description="One account for every part of the portal." headingLevel={2}>
        <Form onSubmit={submit} aria-label="Create an account">
          <Stack gap={4}>
            {errors.form ? (
              <Alert tone="error" title="Could not create the account" role="alert">
                {errors.form}
              </Alert>
            ) : null}
            <Field label="Email" error={errors.email} required>
              <TextInput type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field label="Password" hint={`At least ${MINIMUM_PASSWORD_LENGTH} characters, with letters and digits.`} error={errors.password} required>
              <PasswordInput name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Field label="Repeat the password" error={errors.confirm} required>
              <PasswordInput name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </Field>
            <FormActions align="start">
              <Button type="submit" variant="primary" loading={busy} loadingLabel="Creating your account…">
                Create account
              </Button>
            </FormActions>
            <p className="account-switch">
              Already have an account? <a href={withNext('/account/sign-in', next)}>Sign in</a>
            </p>
          </Stack>
        </Form>
      </Card>
    </div>
  );
}
