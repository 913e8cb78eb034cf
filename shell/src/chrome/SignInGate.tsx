import { navigate, type RemoteStatus } from '@portal/platform';
import { Button, EmptyState, KeyIcon } from '@portal/ui';
import type { ReactNode } from 'react';
import type { AuthCheck } from '../lifecycle/routes.js';

interface SignInGateProps {
  remote: RemoteStatus;
  reason: Exclude<AuthCheck, 'allowed' | 'waiting'>;
  signInPath: string;
  /** The second-factor challenge, for routes that need aal2. */
  secondFactorPath: string;
  /** Where to come back after signing in. */
  next: string;
}

export function SignInGate({ remote, reason, signInPath, secondFactorPath, next }: SignInGateProps): ReactNode {
  const href = `${reason === 'needs-session' ? signInPath : secondFactorPath}?next=${encodeURIComponent(next)}`;
  return (
    <div data-testid="sign-in-gate">
      <EmptyState
        icon={<KeyIcon />}
        // The gate is the whole page until the person signs in.
        headingLevel={1}
        title={reason === 'needs-session' ? `Sign in to open ${remote.title}` : `${remote.title} needs a second factor`}
        description={
          reason === 'needs-session'
            ? 'This part of the portal works with your data, so it needs to know who you are.'
            : 'Verify with your authenticator app to continue.'
        }
        action={
          <Button variant="primary" onClick={() => navigate(href)}>
            {reason === 'needs-session' ? 'Sign in' : 'Verify'}
          </Button>
        }
      />
    </div>
  );
}
