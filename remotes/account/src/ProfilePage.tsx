import { describeError, navigate, usePortal } from '@portal/platform';
import { Badge, Button, Card, DescriptionList, LogOutIcon, PageHeader, Stack } from '@portal/ui';
import { useState, type ReactNode } from 'react';

function formatDate(value: string | undefined | null): string {
  return value ? new Date(value).toLocaleString() : '—';
}

export function ProfilePage(): ReactNode {
  const { user, auth, supabase, notify } = usePortal();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const signOut = async () => {
    setBusy(true);
    const { error } = await supabase.auth.signOut();
    setBusy(false);
    if (error) notify({ tone: 'danger', title: 'Sign-out failed', message: describeError(error) });
    else navigate('/account/sign-in');
  };

  const providers = (user.app_metadata.providers as string[] | undefined) ?? (user.app_metadata.provider ? [String(user.app_metadata.provider)] : []);
  return (
    <Stack gap={6}>
      <PageHeader
        title="Your account"
        description="Who you are signed in as, and how."
        actions={
          <Button variant="secondary" iconStart={<LogOutIcon />} loading={busy} loadingLabel="Signing out…" onClick={() => void signOut()}>
            Sign out
          </Button>
        }
      />
      <Card title="Profile">
        <DescriptionList
          data-testid="profile"
          items={[
            { term: 'Email', description: <span data-testid="profile-email">{user.email ?? '—'}</span> },
            {
              term: 'Email confirmed',
              description: user.email_confirmed_at ? <Badge tone="success">Confirmed {formatDate(user.email_confirmed_at)}</Badge> : <Badge tone="warning">Not yet</Badge>,
            },
            { term: 'User ID', description: <code>{user.id}</code> },
            { term: 'Member since', description: formatDate(user.created_at) },
            { term: 'Last sign-in', description: formatDate(user.last_sign_in_at) },
            { term: 'Sign-in methods', description: providers.length ? providers.join(', ') : '—' },
            { term: 'Assurance level', description: auth.aal === 'aal2' ? 'Two factors (aal2)' : 'Password only (aal1)' },
          ]}
        />
      </Card>
    </Stack>
  );
}
