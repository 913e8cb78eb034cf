import { usePortal } from '@portal/platform';
import { Badge, Button, Card, EmptyState, Field, Form, FormActions, KeyIcon, PlusIcon, Stack, TextInput } from '@portal/ui';
import type { Factor } from '@supabase/supabase-js';
import { useCallback, useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError, describeAuthReadError } from '../auth/auth-errors.js';
import { useConfirmedRemoval } from './ConfirmedRemoval.js';
import { FormError } from '../auth/FormError.js';
import { requireSecondFactor } from '../second-factor/step-up.js';
import { useAuthList } from '../auth/auth-list.js';
import { browserSupportsSecurityKeys } from './webauthn-support.js';
import { useFirstReadAnswered } from './first-reads.js';
import { readFactors } from './user-lists.js';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

/** Security keys and passkeys (WebAuthn factors): list, add and remove, as a second step at sign-in. */
export function SecurityKeysCard(): ReactNode {
  const { supabase, auth, notify } = usePortal();
  const [keys, setKeys] = useState<Factor[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  /** Why the list could not be read (said apart from an action's error, and gone once a read works). */
  const [readError, setReadError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsSecurityKeys();

  const answered = useFirstReadAnswered('securityKeys');
  const show = useCallback(
    (result: Awaited<ReturnType<typeof readFactors>>) => {
      if (result.error) setReadError(describeAuthReadError(result.error));
      else {
        setReadError(undefined);
        setKeys(result.data.all.filter((factor) => factor.factor_type === 'webauthn' && factor.status === 'verified'));
      }
      answered();
    },
    [answered],
  );
  const load = useAuthList(readFactors, show);

  const register = async () => {
    const friendlyName = name.trim();
    setNameError(friendlyName ? undefined : 'Give the key a name, e.g. "Desk key".');
    if (!friendlyName) return;
    setBusy(true);
    setError(undefined);
    // Enrols, asks the browser for a new credential and verifies it; the session becomes aal2.
    const { error: failed } = await supabase.auth.mfa.webauthn.register({ friendlyName });
    if (failed) {
      setBusy(false);
      setError(describeAuthError(failed));
      return;
    }
    // The form closes, and the toast says the key was added, once the list shows it: before, the
    // card said "No security key yet" beside the toast.
    try {
      await load();
    } finally {
      setBusy(false);
      setAdding(false);
      setName('');
    }
    notify({ tone: 'success', title: 'Security key added', message: `${friendlyName} now signs you in as a second step.` });
  };

  // Removing a verified factor takes an aal2 session (GoTrue answers insufficient_aal otherwise).
  const removal = useConfirmedRemoval<Factor>({
    title: 'Remove this security key?',
    consequence: (key) => `${key.friendly_name || 'This key'} will no longer be asked for at sign-in.`,
    remove: (key) => supabase.auth.mfa.unenroll({ factorId: key.id }),
    removed: async (key) => {
      // The session's copy of the user still lists the factor: refresh it so the level follows.
      await supabase.auth.refreshSession();
      await load();
      notify({ tone: 'success', title: 'Security key removed', message: `${key.friendly_name || 'The key'} is no longer asked for at sign-in.` });
    },
  });

  return (
    <Card
      title={SECURITY_CARD_WORDS.securityKeys.title}
      description={SECURITY_CARD_WORDS.securityKeys.description}
      headingLevel={2}
      actions={
        supported && !adding ? (
          <Button
            size="sm"
            variant="secondary"
            iconStart={<PlusIcon />}
            onClick={() => {
              if (requireSecondFactor(auth, ACCOUNT_PAGES.security)) setAdding(true);
            }}
          >
            Add a security key or passkey
          </Button>
        ) : null
      }
    >
      <Stack gap={4}>
        <FormError title="Could not read your security keys" message={readError} />
        <FormError title="Could not use the security key" message={error} />
        {!supported ? <p className="account-muted">This browser cannot use security keys or passkeys.</p> : null}
        {adding ? (
          <Form onSubmit={register} aria-label="Add a security key">
            <Stack gap={3}>
              <Field label="Name of the key" error={nameError} required>
                <TextInput name="key-name" maxLength={60} autoFocus value={name} onChange={(e) => setName(e.target.value)} />
              </Field>
              <FormActions align="start">
                <Button type="submit" variant="primary" loading={busy} loadingLabel="Waiting for the key…">
                  Add the key
                </Button>
                <Button variant="ghost" onClick={() => setAdding(false)}>
                  Cancel
                </Button>
              </FormActions>
            </Stack>
          </Form>
        ) : null}
        {keys && !keys.length && !adding ? (
          <EmptyState icon={<KeyIcon />} title="No security key yet" description="Add one to sign in with a touch instead of a code." compact />
        ) : null}
        {keys?.length ? (
          <ul className="account-list" data-testid="security-key-list">
            {keys.map((key) => (
              <li key={key.id} className="account-list__item">
                <div className="account-list__title">{key.friendly_name || 'Security key'}</div>
                <div className="account-list__actions">
                  <Badge tone="success">Active</Badge>
                  {removal.button(key, `Remove ${key.friendly_name || 'security key'}`)}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
      {removal.dialog}
    </Card>
  );
}
