// The email, password and repeated password of a new account: signing up, and a guest keeping
// their account. One set of fields, so both ask in the same words and check with checkSignUp.
import { Field, PasswordInput, TextInput } from '@portal/ui';
import type { ReactNode } from 'react';
import { PASSWORD_HINT, type FieldErrors } from '../auth/validation.js';

export interface NewAccountValues {
  email: string;
  password: string;
  /** The password typed again. */
  confirm: string;
}

export const NO_NEW_ACCOUNT: NewAccountValues = { email: '', password: '', confirm: '' };

export interface NewAccountFieldsProps {
  values: NewAccountValues;
  errors: FieldErrors<keyof NewAccountValues>;
  onChange: (values: NewAccountValues) => void;
}

export function NewAccountFields({ values, errors, onChange }: NewAccountFieldsProps): ReactNode {
  const set = (field: keyof NewAccountValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <Field label="Email" error={errors.email} required>
        <TextInput type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </Field>
      <Field label="Password" hint={PASSWORD_HINT} error={errors.password} required>
        <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      </Field>
      <Field label="Repeat the password" error={errors.confirm} required>
        <PasswordInput name="confirm" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
      </Field>
    </>
  );
}
