import { usePortal } from '@portal/platform';
import { Badge, Button, Card, ConfirmDialog, Inline, Stack } from '@portal/ui';
import type { Provider, UserIdentity } from '@supabase/supabase-js';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, portalUrl } from '../account-paths.js';
import { describeAuthError, describeAuthReadError, needsSecondFactor } from '../auth/auth-errors.js';
import { oauthProviders, providerLabel, useAuthSettingsRead } from '../auth/auth-settings.js';
import { FormError } from '../auth/FormError.js';
import { requireSecondFactor, sendToSecondFactor } from '../second-factor/step-up.js';
import { useAuthList } from '../auth/auth-list.js';
import { useFirstReadAnswered } from './first-reads.js';
import { readIdentities } from './user-lists.js';
import { SECURITY_CARD_WORDS } from './security-card-words.js';

function identityLabel(identity: UserIdentity): string {
  const data = identity.identity_data ?? {};
  const email = typeof data.email === 'string' ? data.email : null;
  const name = typeof data.name === 'string' ? data.name : typeof data.full_name === 'string' ? data.full_name : null;
  return [name, email].filter(Boolean).join(' · ') || identity.provider;
}

/**
 * Linked identities: each is a way to sign in. Linking goes through the provider's OAuth page
 * and comes back here; the last identity cannot be unlinked (GoTrue's single_identity_not_deletable).
 */
export function IdentitiesCard({ returnTo = ACCOUNT_PAGES.security }: { returnTo?: string }): ReactNode {
  const { supabase, auth, notify } = usePortal();
  // The providers to link come with the settings: the first read is answered once both have.
  const { settings, answered: settingsAnswered } = useAuthSettingsRead();
  const [identities, setIdentities] = useState<UserIdentity[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  /** Why the list could not be read (said apart from an action's error, and gone once a read works). */
  const [readError, setReadError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<UserIdentity | null>(null);

  const [identitiesAnswered, setIdentitiesAnswered] = useState(false);
  const show = useCallback((result: Awaited<ReturnType<typeof readIdentities>>) => {
    if (result.error) setReadError(describeAuthReadError(result.error));
    else {
      setReadError(undefined);
      setIdentities(result.data.identities);
    }
    setIdentitiesAnswered(true);
  }, []);
  const load = useAuthList(readIdentities, show);
  const answered = useFirstReadAnswered('identities');
  useEffect(() => {
    if (identitiesAnswered && settingsAnswered) answered();
  }, [identitiesAnswered, settingsAnswered, answered]);

  const link = async (provider: string) => {
    setBusy(provider);
    setError(undefined);
    // On success the browser leaves for the provider and comes back to `returnTo`: the button
    // stays busy until the page goes. A call that throws (the browser refused to keep the PKCE
    // verifier, say) ends the wait as an answered error does.
    try {
      const { error: failed } = await supabase.auth.linkIdentity({ provider: provider as Provider, options: { redirectTo: portalUrl(returnTo) } });
      if (failed) {
        setError(describeAuthError(failed));
        setBusy(null);
      }
    } catch (failure) {
      setError(describeAuthError(failure));
      setBusy(null);
    }
  };

  const unlink = async (identity: UserIdentity) => {
    const { error: failed } = await supabase.auth.unlinkIdentity(identity);
    if (failed) {
      if (needsSecondFactor(failed)) return sendToSecondFactor(returnTo);
      throw new Error(describeAuthError(failed));
    }
    await supabase.auth.refreshSession();
    // The list no longer shows the identity when the toast says it is gone.
    await load();
    notify({ tone: 'success', title: 'Identity unlinked', message: `You can no longer sign in with ${providerLabel(identity.provider)} (${identityLabel(identity)}).` });
  };

  const providers = oauthProviders(settings);
  const only = (identities?.length ?? 0) <= 1;
  return (
    <Card title={SECURITY_CARD_WORDS.identities.title} description={SECURITY_CARD_WORDS.identities.description} headingLevel={2}>
      <Stack gap={4}>
        <FormError title="Could not read your linked identities" message={readError} />
        <FormError title="Could not link or unlink" message={error} />
        {identities?.length ? (
          <ul className="account-list" data-testid="identity-list">
            {identities.map((identity) => (
              <li key={identity.identity_id} className="account-list__item" data-provider={identity.provider}>
                <div>
                  <div className="account-list__title">{providerLabel(identity.provider)}</div>
                  <div className="account-muted">{identityLabel(identity)}</div>
                </div>
                <div className="account-list__actions">
                  {only ? <Badge tone="neutral">Your only way in</Badge> : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={only}
                    title={only ? 'Link another way to sign in before removing this one.' : undefined}
                    onClick={() => {
                      if (requireSecondFactor(auth, returnTo)) setUnlinking(identity);
                    }}
                  >
                    Unlink
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : identities ? (
          <p className="account-muted">No linked identities yet.</p>
        ) : null}
        {providers.length ? (
          <Inline gap={2}>
            {providers.map((provider) => (
              <Button key={provider} size="sm" variant="secondary" loading={busy === provider} loadingLabel="Opening the provider…" onClick={() => void link(provider)}>
                Link {providerLabel(provider)}
              </Button>
            ))}
          </Inline>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={unlinking !== null}
        onClose={() => setUnlinking(null)}
        onConfirm={async () => {
          if (unlinking) await unlink(unlinking);
          setUnlinking(null);
        }}
        title="Unlink this identity?"
        confirmLabel="Unlink"
        tone="danger"
      >
        {unlinking ? `You will no longer be able to sign in with ${providerLabel(unlinking.provider)} (${identityLabel(unlinking)}).` : null}
      </ConfirmDialog>
    </Card>
  );
}
