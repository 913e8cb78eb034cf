import { usePortal } from '@portal/platform';
import { Alert, Button, Card, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl } from '../account-paths.js';
import { needsSecondFactor, placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { sendToSecondFactor } from '../second-factor/step-up.js';
import { checkEmail, type FieldErrors } from '../auth/validation.js';

/** Email change: confirmed by links sent to the new address (and the old one with double_confirm_changes). */
export function EmailChangeCard(): ReactNode {
  const { user, supabase } = usePortal();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [busy, setBusy] = useState(false);
  const pending = user?.new_email ?? null;

  const submit = async () => {
    let emailError = checkEmail(email);
    if (!emailError && email.trim().toLowerCase() === (user?.email ?? '').toLowerCase()) emailError = 'That is already your address.';
    setErrors(emailError ? { email: emailError } : {});
    if (emailError) return;
    setBusy(true);
    const { error } = await supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: portalUrl(ACCOUNT_PAGES.profile) });
    setBusy(false);
    if (!error) {
      setEmail('');
      return;
    }
    if (needsSecondFactor(error)) return sendToSecondFactor(ACCOUNT_PAGES.profile);
    const placed = placeAuthError(error);
    setErrors({ [placed.field === 'email' ? 'email' : 'form']: placed.message });
  };

  return (
    <Card title="Email address" description={`You sign in with ${user?.email ?? 'no address yet'}.`} headingLevel={2}>
      <Form onSubmit={submit} aria-label="Change your email address">
        <Stack gap={4}>
          {pending ? (
            <Alert tone="info" role="status" title="Waiting for confirmation" data-testid="email-change-pending">
              We sent a confirmation link to {pending}. Your address changes once you open it (and the one sent to {user?.email ?? 'your current address'}, if
              asked).
            </Alert>
          ) : null}
          <FormError title="Could not change the address" message={errors.form} />
          <Field label="New email address" error={errors.email} required>
            <TextInput type="email" name="new-email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="secondary" loading={busy} loadingLabel="Sending…">
              Change email
            </Button>
          </FormActions>
        </Stack>
      </Form>
    </Card>
  );
}
