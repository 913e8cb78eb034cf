import { useSupabase } from '@portal/platform';
import { Button, Field, Form, FormActions, PasswordInput, Stack, TextInput } from '@portal/ui';
import { isAuthError } from '@supabase/supabase-js';
import { useState, type ReactNode } from 'react';
import { describeAuthError, needsSecondFactor, placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { checkPasswordPair, hasErrors, normaliseCode, PASSWORD_HINT, type FieldErrors } from '../auth/validation.js';

interface NewPasswordFormProps {
  label: string;
  submitLabel: string;
  onDone: () => void;
  /** The server wants a second factor first (insufficient_aal). */
  onNeedsSecondFactor: () => void;
}

/**
 * Sets a new password. When the project requires it (secure_password_change and an old
 * session), the server answers reauthentication_needed: a code is mailed and asked for here.
 */
export function NewPasswordForm({ label, submitLabel, onDone, onNeedsSecondFactor }: NewPasswordFormProps): ReactNode {
  const supabase = useSupabase();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nonce, setNonce] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm' | 'nonce'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found: FieldErrors<'password' | 'confirm' | 'nonce'> = checkPasswordPair({ password, confirm });
    if (nonce !== null && !nonce.trim()) found.nonce = 'Enter the code from the mail.';
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { error } = await supabase.auth.updateUser({ password, ...(nonce ? { nonce: normaliseCode(nonce) } : {}) });
    if (isAuthError(error) && error.code === 'reauthentication_needed') {
      const sent = await supabase.auth.reauthenticate();
      setBusy(false);
      if (sent.error) setErrors({ form: describeAuthError(sent.error) });
      else setNonce('');
      return;
    }
    setBusy(false);
    if (!error) {
      setPassword('');
      setConfirm('');
      setNonce(null);
      onDone();
      return;
    }
    if (needsSecondFactor(error)) return onNeedsSecondFactor();
    const placed = placeAuthError(error);
    setErrors({ [placed.field === 'code' ? 'nonce' : placed.field === 'password' ? 'password' : 'form']: placed.message });
  };

  return (
    <Form onSubmit={submit} aria-label={label}>
      <Stack gap={4}>
        <FormError title="Could not change the password" message={errors.form} />
        <Field label="New password" hint={PASSWORD_HINT} error={errors.password} required>
          <PasswordInput name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label="Repeat the new password" error={errors.confirm} required>
          <PasswordInput name="confirm-password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        {nonce !== null ? (
          <Field label="Code from the mail we just sent" hint="Changing the password asks to confirm it is you." error={errors.nonce} required>
            <TextInput name="nonce" inputMode="numeric" autoComplete="one-time-code" value={nonce} onChange={(e) => setNonce(e.target.value)} />
          </Field>
        ) : null}
        <FormActions align="start">
          <Button type="submit" variant="primary" loading={busy} loadingLabel="Saving…">
            {submitLabel}
          </Button>
        </FormActions>
      </Stack>
    </Form>
  );
}
