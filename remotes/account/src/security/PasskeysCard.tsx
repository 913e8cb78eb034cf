import { usePortal, type Portal } from '@portal/platform';
import { Button, Card, EmptyState, KeyIcon, PlusIcon, Stack } from '@portal/ui';
import { isAuthError } from '@supabase/supabase-js';
import { useCallback, useState, type ReactNode } from 'react';
import { LocalTime } from '../LocalTime.js';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError, describeAuthReadError, needsSecondFactor } from '../auth/auth-errors.js';
import { useConfirmedRemoval } from './ConfirmedRemoval.js';
import { FormError } from '../auth/FormError.js';
import { browserSupportsSecurityKeys } from './webauthn-support.js';
import { requireSecondFactor, sendToSecondFactor } from '../second-factor/step-up.js';
import { useAuthList } from '../auth/auth-list.js';
import { useFirstReadAnswered } from './first-reads.js';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

interface Passkey {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

const readPasskeys = (supabase: Portal['supabase']) => supabase.auth.passkey.list();

/** Passkeys that sign in on their own (no password): list, register on this device, remove. */
export function PasskeysCard(): ReactNode {
  const { supabase, auth, notify } = usePortal();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [off, setOff] = useState(false);
  const [error, setError] = useState<string | undefined>();
  /** Why the list could not be read (said apart from an action's error, and gone once a read works). */
  const [readError, setReadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsSecurityKeys();

  const answered = useFirstReadAnswered('passkeys');
  const show = useCallback(
    (result: Awaited<ReturnType<typeof readPasskeys>>) => {
      if (result.error && isAuthError(result.error) && result.error.code === 'passkey_disabled') setOff(true);
      else if (result.error) setReadError(describeAuthReadError(result.error));
      else {
        setReadError(undefined);
        setPasskeys(result.data);
      }
      answered();
    },
    [answered],
  );
  const load = useAuthList(readPasskeys, show);

  const register = async () => {
    setBusy(true);
    setError(undefined);
    // Asks the server for a challenge, the browser for a new discoverable key, and stores it.
    const { error: failed } = await supabase.auth.registerPasskey();
    if (failed) {
      setBusy(false);
      if (needsSecondFactor(failed)) {
        sendToSecondFactor(ACCOUNT_PAGES.security);
        return;
      }
      setError(describeAuthError(failed));
      return;
    }
    // The list shows the new passkey when the toast says it was added (the button stays busy meanwhile).
    try {
      await load();
    } finally {
      setBusy(false);
    }
    notify({ tone: 'success', title: 'Passkey added', message: 'You can now sign in with it, without your password.' });
  };

  const removal = useConfirmedRemoval<Passkey>({
    title: 'Remove this passkey?',
    consequence: (passkey) =>
      `${passkey.friendly_name || 'This passkey'} will no longer sign you in. Remove it from your device's password manager too.`,
    remove: (passkey) => supabase.auth.passkey.delete({ passkeyId: passkey.id }),
    removed: async (passkey) => {
      await load();
      notify({ tone: 'success', title: 'Passkey removed', message: `${passkey.friendly_name || 'The passkey'} no longer signs you in.` });
    },
  });

  if (off) return null;
  return (
    <Card
      title={SECURITY_CARD_WORDS.passkeys.title}
      description={SECURITY_CARD_WORDS.passkeys.description}
      headingLevel={2}
      actions={
        supported ? (
          <Button
            size="sm"
            variant="secondary"
            iconStart={<PlusIcon />}
            loading={busy}
            loadingLabel="Waiting for the passkey…"
            onClick={() => {
              if (requireSecondFactor(auth, ACCOUNT_PAGES.security)) void register();
            }}
          >
            Add a passkey
          </Button>
        ) : null
      }
    >
      <Stack gap={4}>
        <FormError title="Could not read your passkeys" message={readError} />
        <FormError title="Could not use the passkey" message={error} />
        {!supported ? <p className="account-muted">This browser cannot create or use passkeys.</p> : null}
        {passkeys && !passkeys.length ? (
          <EmptyState icon={<KeyIcon />} title="No passkey yet" description="Add one to sign in with a touch instead of a password." compact />
        ) : null}
        {passkeys?.length ? (
          <ul className="account-list" data-testid="passkey-list">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="account-list__item">
                <div>
                  <div className="account-list__title">{passkey.friendly_name || 'Passkey'}</div>
                  <div className="account-muted">
                    Added <LocalTime at={passkey.created_at} precision="date" />
                    {passkey.last_used_at ? (
                      <>
                        {' · last used '}
                        <LocalTime at={passkey.last_used_at} precision="date" />
                      </>
                    ) : (
                      ' · not used yet'
                    )}
                  </div>
                </div>
                <div className="account-list__actions">{removal.button(passkey, `Remove ${passkey.friendly_name || 'passkey'}`)}</div>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
      {removal.dialog}
    </Card>
  );
}
