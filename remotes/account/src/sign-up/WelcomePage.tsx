import { navigate, useAuth, useSupabase } from '@portal/platform';
import { Alert, Card, EmptyState, KeyIcon, ProgressBar } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, withNext } from '../account-paths.js';
import { describeAuthError } from '../auth/auth-errors.js';
import { NewPasswordForm } from '../password-recovery/NewPasswordForm.js';

/** What a link the auth server sent on an administrator's behalf carries in the URL's fragment. */
interface LinkSession {
  accessToken: string;
  refreshToken: string;
  type: string;
}

export function linkSessionFrom(hash: string): LinkSession | { error: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { error };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, type: params.get('type') ?? '' };
}

/**
 * Where the mails sent for someone else land: an invitation (the auth server's invite, which
 * signs a new person up) and the sign-in link sent to a known address. The auth server sends
 * their session in the URL's fragment, as its implicit flow does, because no browser asked for
 * a PKCE code; the portal's client (PKCE) does not take such a session by itself, so this page
 * does (`setSession`), clears the fragment, and for an invite asks for a password before it
 * goes on to `next` (the project's invitations).
 */
export function WelcomePage({ next }: { next: string | null }): ReactNode {
  const supabase = useSupabase();
  const auth = useAuth();
  const [found] = useState(() => linkSessionFrom(window.location.hash));
  const [state, setState] = useState<{ status: 'taking' | 'taken' | 'failed'; error?: string }>(() =>
    found && 'error' in found ? { status: 'failed', error: found.error } : { status: found ? 'taking' : 'taken' },
  );
  const target = next ?? '/';
  const invited = found !== null && !('error' in found) && found.type === 'invite';

  useEffect(() => {
    if (!found || 'error' in found) return;
    // The tokens leave the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    void supabase.auth.setSession({ access_token: found.accessToken, refresh_token: found.refreshToken }).then(({ error }) => {
      setState(error ? { status: 'failed', error: describeAuthError(error) } : { status: 'taken' });
    });
  }, [found, supabase]);

  useEffect(() => {
    if (state.status === 'taken' && !invited && auth.status === 'signed-in') navigate(target, { replace: true });
  }, [state.status, invited, auth.status, target]);

  if (state.status === 'failed') {
    return (
      <div className="account-narrow">
        <Alert tone="error" title="This link cannot be used" role="alert">
          {state.error} Links work once and for a limited time: ask the person who invited you to send it again, or sign in.
        </Alert>
        <EmptyState headingLevel={1} title="Sign in instead" action={<a href={withNext(ACCOUNT_PAGES.signIn, next)}>Sign in</a>} />
      </div>
    );
  }
  if (state.status === 'taking' || auth.status !== 'signed-in') {
    if (state.status === 'taken' && auth.status === 'signed-out') {
      return (
        <div className="account-narrow">
          <EmptyState headingLevel={1} icon={<KeyIcon />} title="Open the link from your mail" description="This page opens from the link in an invitation mail." action={<a href={withNext(ACCOUNT_PAGES.signIn, next)}>Sign in</a>} />
        </div>
      );
    }
    return <ProgressBar label="Signing you in from your link" hideLabel />;
  }
  if (!invited) return <ProgressBar label="Opening the portal" hideLabel />;
  return (
    <div className="account-narrow">
      <Card title="Welcome: choose a password" description={`Your account is ${auth.user?.email ?? 'ready'}. Choose a password to sign in with next time.`} headingLevel={1}>
        <NewPasswordForm
          label="Choose a password"
          submitLabel="Save and continue"
          onDone={() => navigate(target, { replace: true })}
          onNeedsSecondFactor={() => navigate(withNext(ACCOUNT_PAGES.verify, target))}
        />
      </Card>
    </div>
  );
}
