import { useSupabase } from '@portal/platform';
import { Alert, Button, Card, PageHeader, ProgressBar, Stack } from '@portal/ui';
import type { OAuthAuthorizationDetails } from '@supabase/supabase-js';
import { useEffect, useState, type ReactNode } from 'react';
import { describeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { describeScopes, splitScope } from './oauth-scopes.js';

type Decision = 'approve' | 'deny';

/**
 * The project's OAuth consent page (`[auth.oauth_server] authorization_url_path`): /oauth/authorize
 * sends the browser here with `?authorization_id=`; the person sees which app asks for what and
 * approves or denies, and auth-js takes the browser back to the app with a code or
 * `error=access_denied`. A request the person already consented to goes straight back.
 */
export function ConsentPage({ search }: { search: string }): ReactNode {
  const supabase = useSupabase();
  const authorizationId = new URLSearchParams(search).get('authorization_id') ?? '';
  const [details, setDetails] = useState<OAuthAuthorizationDetails | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<Decision | null>(null);

  useEffect(() => {
    if (!authorizationId) return;
    let live = true;
    void supabase.auth.oauth.getAuthorizationDetails(authorizationId).then(({ data, error: failed }) => {
      if (!live) return;
      if (failed || !data) setError(describeAuthError(failed));
      else if ('redirect_url' in data) {
        // Consent was given before for everything asked: back to the app at once.
        setLeaving(true);
        window.location.assign(data.redirect_url);
      } else setDetails(data);
    });
    return () => {
      live = false;
    };
  }, [supabase, authorizationId]);

  const decide = async (decision: Decision) => {
    setBusy(decision);
    setError(undefined);
    // On success auth-js sends the browser to the app's redirect_uri.
    const { error: failed } =
      decision === 'approve'
        ? await supabase.auth.oauth.approveAuthorization(authorizationId)
        : await supabase.auth.oauth.denyAuthorization(authorizationId);
    if (failed) {
      setError(describeAuthError(failed));
      setBusy(null);
    } else setLeaving(true);
  };

  if (!authorizationId) {
    return (
      <Alert tone="error" title="No authorization request">
        This page is opened by an app asking to use your account; its address has no authorization_id. Start again from the app.
      </Alert>
    );
  }
  const appName = details?.client.name || 'An app';
  return (
    <Stack gap={6}>
      <PageHeader title="Authorize an app" description="An app asks to use your account. Nothing is shared until you approve." />
      <FormError title="Could not complete the request" message={error} />
      {leaving ? <ProgressBar label="Returning to the app" /> : null}
      {!details && !error && !leaving ? <ProgressBar label="Loading the request" hideLabel /> : null}
      {details && !leaving ? (
        <Card title={`${appName} wants to access your account`} headingLevel={2}>
          <Stack gap={4}>
            <p className="account-muted">
              Signed in as <strong>{details.user.email || details.user.id}</strong>.
              {details.client.uri ? (
                <>
                  {' '}
                  The app's website: <span data-testid="consent-client-uri">{details.client.uri}</span>.
                </>
              ) : null}
            </p>
            <div>
              <p className="account-list__title">It will be able to:</p>
              <ul data-testid="consent-scopes">
                {describeScopes(splitScope(details.scope)).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <p className="account-muted">
              Afterwards you return to <span data-testid="consent-redirect">{details.redirect_uri}</span>. You can revoke this access on your Security page.
            </p>
            <div className="account-actions">
              <Button loading={busy === 'approve'} loadingLabel="Approving…" disabled={busy !== null} onClick={() => void decide('approve')}>
                Approve
              </Button>
              <Button variant="secondary" loading={busy === 'deny'} loadingLabel="Denying…" disabled={busy !== null} onClick={() => void decide('deny')}>
                Deny
              </Button>
            </div>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
