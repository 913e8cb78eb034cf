// The sign-in page: email and password first, the other ways the project offers below, one
// current message among them all (sign-in-attempts.tsx).
import { useLocation, useSupabase } from '@portal/platform';
import { Button, Card, Field, Form, FormActions, PasswordInput, Stack, TextInput, VisuallyHidden } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES, withNext } from '../account-paths.js';
import { placeAuthError } from '../auth/auth-errors.js';
import { FormError } from '../auth/FormError.js';
import { OtherSignInOptions } from './OtherSignInOptions.js';
import { preloadSignedInPages } from '../signed-in-pages-loader.js';
import { SignInAttempts, useNoAttemptYet, useSignInAttempt } from './sign-in-attempts.js';
import { UrlAuthErrorAlert } from './UrlAuthErrorAlert.js';
import { checkSignIn, hasErrors, type FieldErrors } from '../auth/validation.js';

export function SignInPage({ next }: { next: string | null }): ReactNode {
  return (
    <div className="account-narrow">
      <VisuallyHidden>
        <h1>Sign in to the portal</h1>
      </VisuallyHidden>
      <SignInAttempts>
        <Stack gap={6}>
          <SignInLinkProblem />
          <PasswordSignIn next={next} />
          <OtherSignInOptions next={next} />
        </Stack>
      </SignInAttempts>
    </div>
  );
}

/** Email and password: the page's first way in. */
function PasswordSignIn({ next }: { next: string | null }): ReactNode {
  const supabase = useSupabase();
  const attempt = useSignInAttempt('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    attempt.begin();
    const found = checkSignIn({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    // Signed in, a person without a `next` goes to the profile: its code downloads meanwhile.
    if (!next) preloadSignedInPages();
    try {
      const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
      // On success the session store changes and AccountApp moves on (to the second factor, or `next`).
      if (error) {
        const placed = placeAuthError(error);
        setErrors({ [placed.field === 'code' ? 'form' : placed.field]: placed.message });
      }
    } catch (error) {
      setErrors({ form: placeAuthError(error).message });
    } finally {
      setBusy(false);
    }
  };

  // Another way tried since: what this form said is no longer the news.
  const shown = attempt.current ? errors : {};
  return (
    <Card title="Sign in" description="Welcome back. Sign in with your email and password." headingLevel={2}>
      <Form onSubmit={submit} aria-label="Sign in">
        <Stack gap={4}>
          <FormError title="Could not sign in" message={shown.form} />
          <Field label="Email" error={shown.email} required>
            <TextInput type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Password" error={shown.password} required>
            <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="primary" loading={busy} loadingLabel="Signing in…">
              Sign in
            </Button>
            <a className="account-inline-link" href={ACCOUNT_PAGES.forgotPassword}>
              Forgot your password?
            </a>
          </FormActions>
          <p className="account-switch">
            New here? <a href={withNext(ACCOUNT_PAGES.signUp, next)}>Create an account</a>
          </p>
        </Stack>
      </Form>
    </Card>
  );
}

/** A magic link or OAuth sign-in that came back with an error: news until the person tries again. */
function SignInLinkProblem(): ReactNode {
  const { pathname, search, hash } = useLocation();
  const noAttemptYet = useNoAttemptYet();
  if (!noAttemptYet) return null;
  return <UrlAuthErrorAlert pathname={pathname} search={search} hash={hash} title="That sign-in link did not work" />;
}
