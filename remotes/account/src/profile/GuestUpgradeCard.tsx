import { usePortal } from '@portal/platform';
import { Alert, Button, Card, Form, FormActions, Stack } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl } from '../account-paths.js';
import { placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { IdentitiesCard } from '../security/IdentitiesCard.js';
import { NewAccountFields, NO_NEW_ACCOUNT, type NewAccountValues } from '../sign-up/NewAccountFields.js';
import { checkSignUp, hasErrors, type FieldErrors } from '../auth/validation.js';

/**
 * An anonymous (guest) user becomes a full account by adding an email and password, or by
 * linking an identity. The user id stays the same, so everything they made stays theirs.
 */
export function GuestUpgradeCard(): ReactNode {
  const { user, supabase, notify } = usePortal();
  const [values, setValues] = useState(NO_NEW_ACCOUNT);
  const [errors, setErrors] = useState<FieldErrors<keyof NewAccountValues>>({});
  const { email, password } = values;
  const [busy, setBusy] = useState(false);
  const pending = user?.new_email ?? null;

  const submit = async () => {
    const found = checkSignUp(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { data, error } = await supabase.auth.updateUser({ email: email.trim(), password }, { emailRedirectTo: portalUrl(ACCOUNT_PAGES.profile) });
    setBusy(false);
    if (error) {
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'code' ? 'form' : placed.field]: placed.message });
      return;
    }
    if (!data.user.is_anonymous) notify({ tone: 'success', title: 'Account saved', message: `You can now sign in as ${data.user.email}.` });
  };

  return (
    <Stack gap={6}>
      <Card title="You are using the portal as a guest" description="Keep your work: add an email and password, or link an identity. Nothing you made is lost." headingLevel={2}>
        <Form onSubmit={submit} aria-label="Keep your guest account">
          <Stack gap={4}>
            {pending ? (
              <Alert tone="info" role="status" title="Check your inbox">
                Open the link sent to {pending} to finish; until then you stay a guest.
              </Alert>
            ) : null}
            <FormError title="Could not save the account" message={errors.form} />
            <NewAccountFields values={values} errors={errors} onChange={setValues} />
            <FormActions align="start">
              <Button type="submit" variant="primary" loading={busy} loadingLabel="Saving…">
                Save my account
              </Button>
            </FormActions>
          </Stack>
        </Form>
      </Card>
      <IdentitiesCard returnTo={ACCOUNT_PAGES.profile} />
    </Stack>
  );
}
