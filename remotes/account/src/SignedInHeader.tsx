// The header and tabs of the signed-in pages (profile, security). They live in the area's first
// chunk, not in the signed-in pages' own, so the remote's first frame draws them while that chunk
// is still on its way: the shell's header of the route gives way to this h1 in that frame, in the
// same place, and the page arrives below it. With only a progress bar in the first frame, the
// shell's header stayed until the page's h1 came, and the whole area then moved up by its height
// (issue #40, target 1: CLS).
import { navigate, usePortal } from '@portal/platform';
import { Button, LogOutIcon, PageHeader } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from './account-paths.js';
import { AccountTabs } from './AccountTabs.js';
import { describeAuthError } from './auth/auth-errors.js';

export type SignedInPath = '/' | '/security';

export function SignedInHeader({ page }: { page: SignedInPath }): ReactNode {
  return page === '/' ? (
    <>
      <PageHeader title="Your account" description="Who you are signed in as, and how." actions={<SignOutButton />} />
      <AccountTabs current={ACCOUNT_PAGES.profile} />
    </>
  ) : (
    <>
      <PageHeader title="Security" description="How you sign in, and where you are signed in." />
      <AccountTabs current={ACCOUNT_PAGES.security} />
    </>
  );
}

/** Ends this session, then shows the sign-in page; a refusal is said in a notice. */
function SignOutButton(): ReactNode {
  const { supabase, notify } = usePortal();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    const { error } = await supabase.auth.signOut();
    setBusy(false);
    if (error) notify({ tone: 'danger', title: 'Sign-out failed', message: describeAuthError(error) });
    else navigate(ACCOUNT_PAGES.signIn);
  };
  return (
    <Button variant="secondary" iconStart={<LogOutIcon />} loading={busy} loadingLabel="Signing out…" onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
