import { navigate, registerDebugHandle, getPortal, useAuth, useLocation, useSupabase } from '@portal/platform';
import { EmptyState, PageHeader, ProgressBar, Stack } from '@portal/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { accountRedirect, nextPathFrom } from './account-paths.js';
import { ConsentPage } from './oauth/ConsentPage.js';
import { ForgotPasswordPage } from './password-recovery/ForgotPasswordPage.js';
import { ResetPasswordPage } from './password-recovery/ResetPasswordPage.js';
import { WelcomePage } from './sign-up/WelcomePage.js';
import { useSignedInPages, type SignedInPages } from './signed-in-pages-loader.js';
import { SecurityPageLoading } from './security/SecurityPageLoading.js';
import { SignedInHeader, type SignedInPath } from './SignedInHeader.js';
import { SignInPage } from './sign-in/SignInPage.js';
import { SignUpPage } from './sign-up/SignUpPage.js';
import { VerifyPage } from './second-factor/VerifyPage.js';
import { accountStylesheet } from './account.css.js';
import { accountMeta } from './meta.js';

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

  const redirect = accountRedirect({ subpath, status: auth.status, aal: auth.aal, nextAal: auth.nextAal, next, search });
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);
  const shown = redirect ? pageOf(redirect) : { subpath, pathname, search };

  return (
    <>
      <style>{accountStylesheet}</style>
      {auth.status === 'loading' || !shown ? <Waiting /> : <AccountPage subpath={shown.subpath} pathname={shown.pathname} search={shown.search} next={nextPathFrom(shown.search)} />}
    </>
  );
}

/**
 * The page of this area a redirect goes to, drawn at once while the URL follows (`/account`,
 * signed out, is the sign-in page from the first frame); null for a redirect out of the area. So
 * the page is drawn in the render it is first asked in: the area's first screen is a transition
 * React renders in slices, where the render after the URL's change was one task (the sign-in page
 * and its form controls, 50 ms at full speed), and the form controls' part of the stylesheet,
 * arriving in a commit after the area's own `<style>`, made Chromium lay every object of the page
 * out again ("Fonts changed"; issue #40, tests/render-budget.spec.ts).
 */
function pageOf(redirect: string): { subpath: string; pathname: string; search: string } | null {
  const { pathname, search } = new URL(redirect, window.location.origin);
  if (pathname !== '/account' && !pathname.startsWith('/account/')) return null;
  return { subpath: pathname.replace(/^\/account/, '') || '/', pathname, search };
}

/**
 * While the session is restored (a stored session whose token must be refreshed first) or a
 * redirect is on its way: the header the shell drew for the route, in the registry's words, with
 * progress. Drawn in the remote's area, so the shell's gives way in this frame, in place: a
 * progress bar alone would leave the shell's header up until the page's own h1, and the whole area
 * would then move up (issue #40, CLS).
 */
function Waiting(): ReactNode {
  return (
    <Stack gap={6}>
      <PageHeader title={accountMeta.title} description={accountMeta.description} />
      <ProgressBar label="Loading your account" hideLabel />
    </Stack>
  );
}

function AccountPage({ subpath, pathname, search, next }: { subpath: string; pathname: string; search: string; next: string | null }): ReactNode {
  switch (subpath) {
    case '/':
    case '/security':
      return <SignedInPage page={subpath} />;
    case '/sign-in':
      return <SignInPage next={next} />;
    case '/sign-up':
      return <SignUpPage next={next} />;
    case '/forgot-password':
      return <ForgotPasswordPage />;
    case '/reset-password':
      return <ResetPasswordPage />;
    case '/verify':
      return <VerifyPage next={next} />;
    case '/welcome':
      return <WelcomePage next={next} />;
    case '/oauth/consent':
      return <ConsentPage search={search} />;
    default:
      return (
        <EmptyState
          headingLevel={1}
          title="No such account page"
          description={`There is nothing at ${pathname}.`}
          action={<a href="/account">Go to your account</a>}
        />
      );
  }
}

/**
 * A page from the signed-in pages' chunk, below its header and tabs: at once when the chunk is in,
 * else once it has arrived (the header, the tabs and progress meanwhile, so the page takes the
 * place of the progress bar and nothing above it moves). State, not Suspense: React holds a
 * Suspense reveal back by about 300 ms.
 */
function SignedInPage({ page }: { page: SignedInPath }): ReactNode {
  const { pages, failure } = useSignedInPages();
  // A chunk that did not download goes to the remote's error boundary: the shell shows it with "Try again".
  if (failure) throw failure.error;
  return (
    <Stack gap={6}>
      <SignedInHeader page={page} />
      {page === '/' ? !pages ? <ProgressBar label="Loading your account" hideLabel /> : <pages.ProfilePage /> : <SecurityPageWhenRead pages={pages} />}
    </Stack>
  );
}

/**
 * The security page: its loading page (the cards' words, in the area's first chunk) until the
 * cards' chunk is in and every card's first read has answered, then the cards in its place, in
 * one frame (issue #40, target 1: LCP and CLS). The loading page keeps its place in the tree
 * meanwhile, so what it drew is not drawn again.
 */
function SecurityPageWhenRead({ pages }: { pages: SignedInPages | null }): ReactNode {
  const [read, setRead] = useState(false);
  const onFirstReads = useCallback(() => setRead(true), []);
  return (
    <>
      {!read ? <SecurityPageLoading /> : null}
      {pages ? <pages.SecurityPage shown={read} onFirstReads={onFirstReads} /> : null}
    </>
  );
}
