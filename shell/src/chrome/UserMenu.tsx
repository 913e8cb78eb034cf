// The header's account button: the person's display name and picture from their profile (followed
// live: a name saved on the account page shows at once), their email when they chose no name.
import { nameOf, usePortal, useProfile } from '@portal/platform';
import { Avatar, Button, LogOutIcon, Menu, MenuItem, MenuLabel, MenuList, MenuSeparator, MenuTrigger, UserIcon } from '@portal/ui';
import type { ReactNode } from 'react';
import { describeSignOutFailure } from './failure-words.js';

export function UserMenu({ signInPath }: { signInPath: string }): ReactNode {
  const { auth, supabase, navigate, notify } = usePortal();
  const profile = useProfile(auth.user?.id);
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
