import { usePortal, type Portal } from '@portal/platform';
import { Button, Card, ConfirmDialog, Stack } from '@portal/ui';
import type { OAuthGrant } from '@supabase/supabase-js';
import { isAuthError } from '@supabase/supabase-js';
import { useCallback, useState, type ReactNode } from 'react';
import { describeAuthError, describeAuthReadError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { LocalTime } from '../LocalTime.js';
import { describeScopes } from './oauth-scopes.js';
import { useAuthList } from '../auth/auth-list.js';
import { useFirstReadAnswered } from '../security/first-reads.js';
import { SECURITY_CARD_WORDS } from '../security/security-card-words.js';

const readGrants = (supabase: Portal['supabase']) => supabase.auth.oauth.listGrants();

/**
 * Apps the person let use their account through the project's OAuth 2.1 server. Revoking one
 * ends the app's sessions, so its refresh token stops working. Hidden while the project does not
 * run an OAuth server (GoTrue's feature_disabled).
 */
export function ConnectedAppsCard(): ReactNode {
  const { supabase, notify } = usePortal();
  const [grants, setGrants] = useState<OAuthGrant[] | null>(null);
  const [disabled, setDisabled] = useState(false);
  /** Why the list could not be read (said apart from an action's error, and gone once a read works). */
  const [readError, setReadError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<OAuthGrant | null>(null);

  const answered = useFirstReadAnswered('connectedApps');
  const show = useCallback(
    (result: Awaited<ReturnType<typeof readGrants>>) => {
      if (result.error) {
        if (isAuthError(result.error) && result.error.code === 'feature_disabled') setDisabled(true);
        else setReadError(describeAuthReadError(result.error));
      } else {
        setReadError(undefined);
        setGrants(result.data);
      }
      answered();
    },
    [answered],
  );
  const load = useAuthList(readGrants, show);

  const revoke = async (grant: OAuthGrant) => {
    const { error: failed } = await supabase.auth.oauth.revokeGrant({ clientId: grant.client.id });
    if (failed) throw new Error(describeAuthError(failed));
    // The list no longer shows the app when the toast says its access is revoked.
    await load();
    notify({ tone: 'success', title: 'Access revoked', message: `${grant.client.name || 'The app'} can no longer use your account.` });
  };

  if (disabled) return null;
  return (
    <Card title={SECURITY_CARD_WORDS.connectedApps.title} description={SECURITY_CARD_WORDS.connectedApps.description} headingLevel={2}>
      <Stack gap={4}>
        <FormError title="Could not read your connected apps" message={readError} />
        {grants?.length ? (
          <ul className="account-list" data-testid="connected-apps">
            {grants.map((grant) => (
              <li key={grant.client.id} className="account-list__item" data-client-id={grant.client.id}>
                <div>
                  <div className="account-list__title">{grant.client.name || grant.client.id}</div>
                  <div className="account-muted">
                    {describeScopes(grant.scopes).join(' · ')} — since <LocalTime at={grant.granted_at} precision="date" />
                  </div>
                </div>
                <div className="account-list__actions">
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(grant)}>
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : grants ? (
          <p className="account-muted">No app uses your account.</p>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking) await revoke(revoking);
          setRevoking(null);
        }}
        title="Revoke this app's access?"
        confirmLabel="Revoke"
        tone="danger"
      >
        {`${revoking?.client.name || 'The app'} will be signed out and has to ask again to use your account.`}
      </ConfirmDialog>
    </Card>
  );
}
