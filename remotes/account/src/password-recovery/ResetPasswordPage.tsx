import { navigate, useAuth, useLocation, usePortal } from '@portal/platform';
import { Card, EmptyState, KeyIcon, ProgressBar } from '@portal/ui';
import type { ReactNode } from 'react';
import { ACCOUNT_PAGES, withNext } from '../account-paths.js';
import { NewPasswordForm } from './NewPasswordForm.js';
import { UrlAuthErrorAlert } from '../sign-in/UrlAuthErrorAlert.js';

/**
 * Where a recovery mail's link lands. The shell's client exchanges the link's code for a
 * recovery session (PASSWORD_RECOVERY); the person then chooses a new password.
 */
export function ResetPasswordPage(): ReactNode {
  const { notify } = usePortal();
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();
  const askAgain = (
    <a className="account-inline-link" href={ACCOUNT_PAGES.forgotPassword}>
      Ask for a new link
    </a>
  );
  const linkError = <UrlAuthErrorAlert pathname={pathname} search={search} hash={hash} title="This reset link cannot be used" action={askAgain} />;

  if (auth.status === 'loading') return <ProgressBar label="Opening your reset link" hideLabel />;
  if (auth.status !== 'signed-in') {
    return (
      <div className="account-narrow">
        {linkError}
        <EmptyState
          headingLevel={1}
          icon={<KeyIcon />}
          title="Open the link from your mail"
          description="This page opens from the link in a password-reset mail, in the browser that asked for it."
          action={<a href={ACCOUNT_PAGES.forgotPassword}>Ask for a reset link</a>}
        />
      </div>
    );
  }
  return (
    <div className="account-narrow">
      <Card
        title="Choose a new password"
        description={auth.event === 'PASSWORD_RECOVERY' ? `Signed in from your reset link as ${auth.user?.email ?? 'you'}.` : `For ${auth.user?.email ?? 'your account'}.`}
        headingLevel={1}
      >
        <NewPasswordForm
          label="Choose a new password"
          submitLabel="Save the new password"
          onDone={() => {
            notify({ tone: 'success', title: 'Password changed', message: 'Use the new password next time you sign in.' });
            navigate(ACCOUNT_PAGES.profile);
          }}
          onNeedsSecondFactor={() => navigate(withNext(ACCOUNT_PAGES.verify, ACCOUNT_PAGES.resetPassword))}
        />
      </Card>
    </div>
  );
}
