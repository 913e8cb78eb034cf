import { describeError, usePortal } from '@portal/platform';
import { Avatar, Button, LogOutIcon, Menu, MenuItem, MenuLabel, MenuList, MenuSeparator, MenuTrigger, UserIcon } from '@portal/ui';
import type { ReactNode } from 'react';

export function UserMenu({ signInPath }: { signInPath: string }): ReactNode {
  const { auth, supabase, navigate, notify } = usePortal();
  if (auth.status === 'loading') return null;
  if (!auth.user) {
    return (
      <Button variant="primary" size="sm" onClick={() => navigate(signInPath)}>
        Sign in
      </Button>
    );
  }
  const email = auth.user.email ?? auth.user.phone ?? 'Signed in';
  const signOut = async () => {
    const { error } = await supabase.auth.signOut();
    if (error) notify({ tone: 'danger', title: 'Sign-out failed', message: describeError(error) });
    else navigate('/');
  };
  return (
    <Menu>
      <MenuTrigger variant="ghost" size="sm" aria-label={`Account menu for ${email}`} iconStart={<Avatar name={email} size="sm" decorative />}>
        <span className="portal-user-email">{email}</span>
      </MenuTrigger>
      <MenuList align="end">
        <MenuLabel>{email}</MenuLabel>
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
