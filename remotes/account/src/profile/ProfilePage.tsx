import { useLocation, usePortal } from '@portal/platform';
import { Alert, Avatar, Badge, Card, DescriptionList } from '@portal/ui';
import type { ReactNode } from 'react';
import { LocalTime } from '../LocalTime.js';
import { EmailChangeCard } from './EmailChangeCard.js';
import { GuestUpgradeCard } from './GuestUpgradeCard.js';
import { PasswordCard } from '../security/PasswordCard.js';
import { ProfileDetailsCard, profileOf } from './ProfileDetailsCard.js';
import { UrlAuthErrorAlert } from '../sign-in/UrlAuthErrorAlert.js';

/** GoTrue's message after the first of two email-change links (`?message=…` or `#message=…`). */
function linkMessage(search: string, hash: string): string | null {
  return new URLSearchParams(search).get('message') ?? new URLSearchParams(hash.replace(/^#/, '')).get('message');
}

/** The profile page below its header and tabs (SignedInHeader.tsx, drawn before this page's chunk arrives). */
export function ProfilePage(): ReactNode {
  const { user, auth } = usePortal();
  const { pathname, search, hash } = useLocation();
  if (!user) return null;

  const providers = (user.app_metadata.providers as string[] | undefined) ?? (user.app_metadata.provider ? [String(user.app_metadata.provider)] : []);
  const profile = profileOf(user);
  const message = linkMessage(search, hash);
  return (
    <>
      <UrlAuthErrorAlert pathname={pathname} search={search} hash={hash} title="That link did not work" />
      {message ? (
        <Alert tone="info" role="status" title="One more step">
          {message}
        </Alert>
      ) : null}
      {user.is_anonymous ? <GuestUpgradeCard /> : null}
      <Card title="Profile">
        <div className="account-identity">
          <Avatar name={profile.displayName || user.email || 'Guest'} src={profile.avatarUrl || undefined} size="lg" />
          <div>
            <div className="account-identity__name" data-testid="profile-name">
              {profile.displayName || (user.is_anonymous ? 'Guest' : 'No display name yet')}
            </div>
            <div className="account-muted">{user.email ?? 'No email address'}</div>
          </div>
        </div>
        <DescriptionList
          data-testid="profile"
          items={[
            { term: 'Email', description: <span data-testid="profile-email">{user.email ?? '—'}</span> },
            {
              term: 'Email confirmed',
              // The badge says yes or no; the date is text beside it, which wraps on a phone (a badge
              // does not, and the date in one pushed the page sideways).
              description: user.email_confirmed_at ? (
                <span className="account-confirmed">
                  <Badge tone="success">Confirmed</Badge> <LocalTime at={user.email_confirmed_at} />
                </span>
              ) : (
                <Badge tone="warning">Not yet</Badge>
              ),
            },
            { term: 'User ID', description: <code>{user.id}</code> },
            { term: 'Member since', description: <LocalTime at={user.created_at} /> },
            { term: 'Last sign-in', description: <LocalTime at={user.last_sign_in_at} /> },
            { term: 'Sign-in methods', description: <span data-testid="profile-providers">{providers.length ? providers.join(', ') : '—'}</span> },
            { term: 'Assurance level', description: <span data-testid="profile-aal">{auth.aal === 'aal2' ? 'Two factors (aal2)' : 'One factor (aal1)'}</span> },
          ]}
        />
      </Card>
      <ProfileDetailsCard />
      {user.is_anonymous ? null : (
        <>
          <EmailChangeCard />
          <PasswordCard />
        </>
      )}
    </>
  );
}
