import { usePortal } from '@portal/platform';
import { Button, Card, ConfirmDialog, Stack } from '@portal/ui';
import type { OAuthGrant } from '@supabase/supabase-js';
import { isAuthError } from '@supabase/supabase-js';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { describeAuthError } from './auth-errors.js';
import { FormError } from './FormError.js';
import { describeScopes } from './oauth-scopes.js';

/**
 * Apps the person let use their account through the project's OAuth 2.1 server. Revoking one
 * ends the app's sessions, so its refresh token stops working. Hidden while the project does not
 * run an OAuth server (GoTrue's feature_disabled).
 */
export function ConnectedAppsCard(): ReactNode {
  const { supabase, auth, notify } = usePortal();
  const [grants, setGrants] = useState<OAuthGrant[] | null>(null);
  const [disabled, setDisabled] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<OAuthGrant | null>(null);
  const token = auth.session?.access_token;

  const show = useCallback((result: Awaited<ReturnType<typeof supabase.auth.oauth.listGrants>>) => {
    if (result.error) {
      if (isAuthError(result.error) && result.error.code === 'feature_disabled') setDisabled(true);
      else setError(describeAuthError(result.error));
    } else setGrants(result.data);
  }, []);
  useEffect(() => {
    let live = true;
    void supabase.auth.oauth.listGrants().then((result) => {
      if (live) show(result);
    });
    return () => {
      live = false;
    };
  }, [supabase, show, token]);

  const revoke = async (grant: OAuthGrant) => {
    const { error: failed } = await supabase.auth.oauth.revokeGrant({ clientId: grant.client.id });
    if (failed) throw new Error(describeAuthError(failed));
    notify({ tone: 'success', title: 'Access revoked', message: `${grant.client.name || 'The app'} can no longer use your account.` });
    show(await supabase.auth.oauth.listGrants());
  };

  if (disabled) return null;
  return (
    <Card title="Connected apps" description="Apps you let use your account. Revoke one to sign it out." headingLevel={2}>
      <Stack gap={4}>
        <FormError title="Could not load or change connected apps" message={error} />
        {grants?.length ? (
          <ul className="account-list" data-testid="connected-apps">
            {grants.map((grant) => (
              <li key={grant.client.id} className="account-list__item" data-client-id={grant.client.id}>
                <div>
                  <div className="account-list__title">{grant.client.name || grant.client.id}</div>
                  <div className="account-muted">
                    {describeScopes(grant.scopes).join(' · ')} — since {new Date(grant.granted_at).toLocaleDateString()}
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
