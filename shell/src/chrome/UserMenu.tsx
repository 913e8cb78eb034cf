// The header's account button: the person's display name and picture from their profile (followed
// live: a name saved on the account page shows at once), their email when they chose no name.
import { nameOf, usePortal, type PersonProfile, type ProfilesSnapshot } from '@portal/platform';
import { Avatar, Button, LogOutIcon, Menu, MenuItem, MenuLabel, MenuList, MenuSeparator, MenuTrigger, UserIcon } from '@portal/ui';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useFirstContentfulPaint } from './use-first-paint.js';
import { describeSignOutFailure } from './failure-words.js';

export function UserMenu({ signInPath }: { signInPath: string }): ReactNode {
  const { auth, supabase, navigate, notify } = usePortal();
  const profile = useProfileAfterFirstPaint(auth.user?.id);
  if (auth.status === 'loading') return null;
  if (!auth.user) {
    return (
      <Button variant="primary" size="sm" onClick={() => navigate(signInPath)}>
        Sign in
      </Button>
    );
  }
  const email = auth.user.email ?? auth.user.phone ?? 'Signed in';
  const name = nameOf(profile, email);
  // The accessible name holds the visible text (WCAG 2.5.3, label in name).
  const label = name === email ? `Account menu for ${email}` : `${name}, Account menu for ${email}`;
  const signOut = async () => {
    const { error } = await supabase.auth.signOut();
    if (error) notify({ tone: 'danger', title: 'Sign-out failed', message: describeSignOutFailure(error) });
    else navigate('/');
  };
  return (
    <Menu>
      <MenuTrigger variant="ghost" size="sm" aria-label={label} data-testid="account-menu" iconStart={<Avatar name={name} src={profile?.avatarUrl ?? null} size="sm" decorative />}>
        <span className="portal-user-email">{name}</span>
      </MenuTrigger>
      <MenuList align="end">
        <MenuLabel>{name === email ? email : `${name} (${email})`}</MenuLabel>
        <MenuItem href="/account" icon={<UserIcon />}>
          Your account
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={<LogOutIcon />} onSelect={() => void signOut()}>
          Sign out
        </MenuItem>
      </MenuList>
    </Menu>
  );
}

/**
 * The person's profile, listened to (and so read: `profiles.subscribe` starts the read and the live
 * channel) only once the page's first paint is on screen: the button shows the email until then.
 * Started in the first render, the read's request to the API (and its preflight, a connection to
 * another origin) came before the first paint of every signed-in page, and a phone's Largest
 * Contentful Paint waited for it (issue #40; tests/portal.spec.ts, "…asks the API nothing before
 * its first paint").
 */
function useProfileAfterFirstPaint(userId: string | undefined): PersonProfile | null {
  const { profiles } = usePortal();
  const painted = useFirstContentfulPaint();
  const subscribe = useCallback((listener: () => void) => (painted ? profiles.subscribe(listener) : () => undefined), [painted, profiles]);
  const snapshot: ProfilesSnapshot = useSyncExternalStore(subscribe, profiles.getSnapshot, profiles.getSnapshot);
  return userId ? (snapshot.profiles.get(userId) ?? null) : null;
}
