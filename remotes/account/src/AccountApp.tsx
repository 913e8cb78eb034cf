import { navigate, registerDebugHandle, getPortal, useAuth, useLocation, useSupabase } from '@portal/platform';
import { EmptyState, ProgressBar } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ProfilePage } from './ProfilePage.js';
import { SignInPage } from './SignInPage.js';
import { SignUpPage } from './SignUpPage.js';
import { accountStylesheet } from './account.css.js';
import { nextPathFrom } from './next-path.js';

/** The account area's own routes, below /account. */
export function AccountApp(): ReactNode {
  const { pathname, search } = useLocation();
  const auth = useAuth();
  const supabase = useSupabase();
  const subpath = pathname.replace(/^\/account/, '') || '/';
  const next = nextPathFrom(search);

  useEffect(() => {
    // Lets the shell's status checks and the end-to-end tests compare identities with the shell's.
    registerDebugHandle('account', { supabase, react: useState, reactDom: createRoot, platform: getPortal });
  }, [supabase]);

  const signedIn = auth.status === 'signed-in';
  const redirect = ((): string | null => {
    if (auth.status === 'loading') return null;
    if (subpath === '/' && !signedIn) return '/account/sign-in';
    if ((subpath === '/sign-in' || subpath === '/sign-up') && signedIn) return next ?? '/account';
    return null;
  })();
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  return (
    <>
      <style>{accountStylesheet}</style>
      {auth.status === 'loading' || redirect ? <ProgressBar label="Loading your account" hideLabel /> : <AccountPage subpath={subpath} pathname={pathname} next={next} />}
    </>
  );
}

function AccountPage({ subpath, pathname, next }: { subpath: string; pathname: string; next: string | null }): ReactNode {
  switch (subpath) {
    case '/':
      return <ProfilePage />;
    case '/sign-in':
      return <SignInPage next={next} />;
    case '/sign-up':
      return <SignUpPage next={next} />;
    default:
      return (
        <EmptyState
          title="No such account page"
          description={`There is nothing at ${pathname}.`}
          action={<a href="/account">Go to your account</a>}
        />
      );
  }
}
