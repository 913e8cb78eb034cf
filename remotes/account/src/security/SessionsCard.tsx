import { navigate, usePortal } from '@portal/platform';
import { Button, Card, ConfirmDialog, LogOutIcon, Stack } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

type Scope = 'local' | 'others' | 'global';

const OUTCOME: Record<Scope, string> = {
  local: 'Signed out of this browser.',
  others: 'Every other device and browser is signed out; this one stays signed in.',
  global: 'Signed out everywhere, including here.',
};

/** GoTrue's logout scopes: this session, every other session, or all of them. */
export function SessionsCard(): ReactNode {
  const { supabase, notify } = usePortal();
  const [busy, setBusy] = useState<Scope | null>(null);
  const [confirming, setConfirming] = useState<Scope | null>(null);
  const [error, setError] = useState<string | undefined>();

  const signOut = async (scope: Scope) => {
    setBusy(scope);
    setError(undefined);
    const { error: failed } = await supabase.auth.signOut({ scope });
    setBusy(null);
    if (failed) throw new Error(describeAuthError(failed));
    notify({ tone: 'success', title: 'Signed out', message: OUTCOME[scope] });
    if (scope !== 'others') navigate(ACCOUNT_PAGES.signIn);
  };

  return (
    <Card title={SECURITY_CARD_WORDS.sessions.title} description={SECURITY_CARD_WORDS.sessions.description} headingLevel={2}>
      <Stack gap={3}>
        <FormError title="Could not sign out" message={error} />
        <div className="account-actions">
          <Button
            variant="secondary"
            iconStart={<LogOutIcon />}
            loading={busy === 'local'}
            loadingLabel="Signing out…"
            onClick={() => void signOut('local').catch((failure: Error) => setError(failure.message))}
          >
            Sign out of this device
          </Button>
          <Button variant="secondary" loading={busy === 'others'} loadingLabel="Signing out…" onClick={() => setConfirming('others')}>
            Sign out of other devices
          </Button>
          <Button variant="danger" loading={busy === 'global'} loadingLabel="Signing out…" onClick={() => setConfirming('global')}>
            Sign out everywhere
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming) await signOut(confirming);
          setConfirming(null);
        }}
        title={confirming === 'global' ? 'Sign out everywhere?' : 'Sign out of other devices?'}
        confirmLabel={confirming === 'global' ? 'Sign out everywhere' : 'Sign out the others'}
        tone="danger"
      >
        {confirming === 'global'
          ? 'Every browser and device signed in to your account, this one included, will need to sign in again.'
          : 'Every other browser and device will need to sign in again. This one stays signed in.'}
      </ConfirmDialog>
    </Card>
  );
}
