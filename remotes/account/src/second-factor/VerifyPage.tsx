import { navigate, usePortal } from '@portal/platform';
import { Button, Card, EmptyState, Field, Form, FormActions, KeyIcon, Select, Stack, TextInput } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError, placeAuthError } from '../auth/auth-errors.js';
import { browserSupportsSecurityKeys } from '../security/webauthn-support.js';
import { FormError } from '../auth/FormError.js';
import { checkCode, normaliseCode, type FieldErrors } from '../auth/validation.js';

/**
 * The second-factor challenge (aal1 → aal2): after a password sign-in when a factor is
 * enrolled, and whenever a route or a destructive action needs aal2. Goes back to `next`.
 */
export function VerifyPage({ next }: { next: string | null }): ReactNode {
  const { supabase, auth } = usePortal();
  const factors = (auth.user?.factors ?? []).filter(
    (factor) => factor.status === 'verified' && (factor.factor_type === 'totp' || (factor.factor_type === 'webauthn' && browserSupportsSecurityKeys())),
  );
  const [factorId, setFactorId] = useState<string>('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code'>>({});
  const [busy, setBusy] = useState(false);
  const done = auth.aal === 'aal2';
  const target = next ?? ACCOUNT_PAGES.profile;

  useEffect(() => {
    if (done) navigate(target, { replace: true });
  }, [done, target]);

  const signOut = async () => {
    await supabase.auth.signOut({ scope: 'local' });
    navigate(ACCOUNT_PAGES.signIn);
  };

  if (done) return null;
  if (!factors.length && auth.nextAal === 'aal2') {
    // A verified factor this page cannot use (a phone, or a security key this browser cannot
    // reach): nothing else of the portal opens to this session, so the way out is signing out.
    return (
      <div className="account-narrow">
        <EmptyState
          icon={<KeyIcon />}
          title="Your second factor cannot be used here"
          description="Your account's second factor is one this page cannot ask for in this browser. Sign in again where you can use it."
          action={
            <Button variant="primary" onClick={() => void signOut()}>
              Sign out
            </Button>
          }
        />
      </div>
    );
  }
  if (!factors.length) {
    return (
      <div className="account-narrow">
        <EmptyState
          headingLevel={1}
          icon={<KeyIcon />}
          title="Set up a second factor first"
          description="This needs a second factor, and your account has no authenticator app yet. Add one under Security, then come back."
          action={<a href={ACCOUNT_PAGES.security}>Set up an authenticator app</a>}
        />
      </div>
    );
  }
  const chosen = factors.find((factor) => factor.id === factorId) ?? factors[0]!;

  const confirmWithKey = async () => {
    setBusy(true);
    setErrors({});
    // The browser asks the key; on success the session is replaced by an aal2 one.
    const { error } = await supabase.auth.mfa.webauthn.authenticate({ factorId: chosen.id });
    setBusy(false);
    if (error) setErrors({ form: describeAuthError(error) });
  };

  const submit = async () => {
    const codeError = checkCode(code);
    setErrors(codeError ? { code: codeError } : {});
    if (codeError) return;
    setBusy(true);
    // On success the session is replaced by an aal2 one and the effect above moves on.
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: chosen.id, code: normaliseCode(code) });
    setBusy(false);
    if (error) {
      const placed = placeAuthError(error);
      setErrors({ [placed.field === 'code' ? 'code' : 'form']: placed.message });
      setCode('');
    }
  };

  return (
    <div className="account-narrow">
      <Card
        title="Two-step verification"
        description={chosen.factor_type === 'webauthn' ? 'Confirm with your security key or passkey.' : 'Enter the 6-digit code your authenticator app shows for this portal.'}
        headingLevel={1}
      >
        <Form onSubmit={submit} aria-label="Verify with your authenticator app">
          <Stack gap={4}>
            <FormError title="Could not verify" message={errors.form} />
            {factors.length > 1 ? (
              <Field label="Authenticator">
                <Select
                  name="factor"
                  value={chosen.id}
                  onChange={(e) => setFactorId(e.target.value)}
                  options={factors.map((factor) => ({ value: factor.id, label: factor.friendly_name || (factor.factor_type === 'webauthn' ? 'Security key' : 'Authenticator app') }))}
                />
              </Field>
            ) : (
              <p className="account-muted">Using {chosen.friendly_name || 'your authenticator app'}.</p>
            )}
            {chosen.factor_type === 'webauthn' ? null : (
              <Field label="Code" error={errors.code} required>
                <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
              </Field>
            )}
            <FormActions align="start">
              {chosen.factor_type === 'webauthn' ? (
                <Button variant="primary" loading={busy} loadingLabel="Waiting for the key…" onClick={() => void confirmWithKey()}>
                  Use your security key
                </Button>
              ) : (
                <Button type="submit" variant="primary" loading={busy} loadingLabel="Verifying…">
                  Verify
                </Button>
              )}
              <Button variant="ghost" onClick={() => void signOut()}>
                Sign out instead
              </Button>
            </FormActions>
          </Stack>
        </Form>
      </Card>
    </div>
  );
}
