import { Alert } from '@portal/ui';
import type { ReactNode } from 'react';
import { urlAuthError } from './url-auth-error.js';

/** Shows the error an email link or OAuth provider sent a person back with (as text). */
export function UrlAuthErrorAlert({ search, hash, title, action }: { pathname: string; search: string; hash: string; title: string; action?: ReactNode }): ReactNode {
  const problem = urlAuthError(search, hash);
  if (!problem) return null;
  return (
    <div data-testid="link-error" data-error-code={problem.code}>
      <Alert tone="error" title={title} role="alert" actions={action}>
        {problem.message}
      </Alert>
    </div>
  );
}
