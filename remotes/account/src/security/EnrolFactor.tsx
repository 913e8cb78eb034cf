import { usePortal } from '@portal/platform';
import { Alert, Button, Code, CopyIcon, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError, needsSecondFactor, placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { sendToSecondFactor } from '../second-factor/step-up.js';
import { checkCode, checkFactorName, normaliseCode, type FieldErrors } from '../auth/validation.js';

interface Enrolment {
  factorId: string;
  /** `data:image/svg+xml;…` from supabase-js: shown as an image, never injected as markup. */
  qrCode: string;
  secret: string;
}

/**
 * An image URL for the QR code. supabase-js prefixes the server's raw SVG with
 * `data:image/svg+xml;utf-8,` without encoding it, so a `#` in the markup would cut the URL
 * short: the SVG is taken out and percent-encoded. Anything but SVG is not shown.
 */
export function qrImageSource(qrCode: string): string | null {
  const svg = qrCode.replace(/^data:image\/svg\+xml(;[\w=-]+)?,/, '');
  if (!svg.trimStart().startsWith('<svg') && !svg.trimStart().startsWith('<?xml')) return null;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Groups a TOTP secret in fours, as authenticator apps print them, for typing by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Names, shows and verifies a new authenticator. `onDone` re-reads the list (the form stays busy
 * meanwhile): the toast that says the app was added comes with the list that shows it.
 */
export function EnrolFactor({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }): ReactNode {
  const { supabase, notify } = usePortal();
  const [name, setName] = useState('Authenticator app');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'name' | 'code'>>({});
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const nameError = checkFactorName(name);
    setErrors(nameError ? { name: nameError } : {});
    if (nameError) return;
    setBusy(true);
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name.trim() });
    setBusy(false);
    if (error) {
      if (needsSecondFactor(error)) return sendToSecondFactor(ACCOUNT_PAGES.security);
      setErrors({ [error.code === 'mfa_factor_name_conflict' ? 'name' : 'form']: describeAuthError(error) });
      return;
    }
    setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
  };

  const verify = async () => {
    if (!enrolment) return;
    const codeError = checkCode(code);
    setErrors(codeError ? { code: codeError } : {});
    if (codeError) return;
    setBusy(true);
    // A verified factor upgrades this session to aal2 (GoTrue issues a new session).
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code: normaliseCode(code) });
    if (error) {
      setBusy(false);
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'code' ? 'code' : 'form']: placed.message });
      return;
    }
    try {
      await onDone();
    } finally {
      notify({ tone: 'success', title: 'Authenticator added', message: 'From now on, signing in asks for a code from the app.' });
    }
  };

  const cancel = async () => {
    // Leave no half-made factor behind.
    if (enrolment) await supabase.auth.mfa.unenroll({ factorId: enrolment.factorId });
    onCancel();
  };

  if (!enrolment) {
    return (
      <Form onSubmit={start} aria-label="Name the authenticator">
        <Stack gap={3}>
          <FormError title="Could not start" message={errors.form} />
          <Field label="Name" hint="To tell your authenticators apart, e.g. “Work phone”." error={errors.name} required>
            <TextInput name="factor-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="primary" loading={busy} loadingLabel="Preparing…">
              Continue
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </FormActions>
        </Stack>
      </Form>
    );
  }

  const qr = qrImageSource(enrolment.qrCode);
  return (
    <Form onSubmit={verify} aria-label="Verify the authenticator">
      <div className="account-enrol" data-testid="enrolment">
        {qr ? <img className="account-qr" src={qr} alt="QR code to scan with your authenticator app" width={180} height={180} /> : null}
        <Stack gap={3}>
          <p className="account-step">1. Scan the QR code with your authenticator app.</p>
          <div>
            <p className="account-muted">Or type this key into the app:</p>
            <div className="account-secret">
              <Code data-testid="totp-secret" data-secret={enrolment.secret}>
                {groupSecret(enrolment.secret)}
              </Code>
              <Button
                size="sm"
                variant="ghost"
                iconStart={<CopyIcon />}
                onClick={() => {
                  void navigator.clipboard?.writeText(enrolment.secret).then(
                    () => notify({ tone: 'success', title: 'Key copied' }),
                    () => notify({ tone: 'warning', title: 'Could not copy', message: 'Select the key and copy it by hand.' }),
                  );
                }}
              >
                Copy
              </Button>
            </div>
          </div>
          <p className="account-step">2. Enter the 6-digit code the app shows.</p>
          <FormError title="Could not verify" message={errors.form} />
          <Field label="Code from the app" error={errors.code} required>
            <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="primary" loading={busy} loadingLabel="Verifying…">
              Verify and turn on
            </Button>
            <Button variant="ghost" onClick={() => void cancel()}>
              Cancel
            </Button>
          </FormActions>
          <Alert tone="info">Keep the app: without it you will need the portal’s administrators to get back in.</Alert>
        </Stack>
      </div>
    </Form>
  );
}
