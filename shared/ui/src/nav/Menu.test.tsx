/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Button } from '../buttons/Button.js';
import { Dialog } from '../overlays/Dialog.js';
import { Menu, MenuItem, MenuLabel, MenuList, MenuSeparator, MenuTrigger } from './Menu.js';

function UserMenu({ onSelect = () => {} }: { onSelect?: (item: string) => void }) {
  return (
    <>
      <Menu>
        <MenuTrigger variant="ghost">Ada Lovelace</MenuTrigger>
        <MenuList align="end">
          <MenuLabel>Signed in as ada@example.com</MenuLabel>
          <MenuItem onSelect={() => onSelect('profile')}>Profile</MenuItem>
          <MenuItem onSelect={() => onSelect('security')}>Security</MenuItem>
          <MenuItem disabled onSelect={() => onSelect('billing')}>
            Billing
          </MenuItem>
          <MenuItem href="/settings">Settings</MenuItem>
          <MenuSeparator />
          <MenuItem tone="danger" onSelect={() => onSelect('sign-out')}>
            Sign out
          </MenuItem>
        </MenuList>
      </Menu>
      <Button>Outside</Button>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Ada Lovelace' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('Menu', () => {
  it('is a menu button: aria-haspopup, aria-expanded, and a menu labelled by it', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Ada Lovelace' });
    expect(trigger()).toHaveAttribute('aria-controls', menu.id);
    expect(item('Profile')).toHaveFocus();
  });

  it('moves with the arrow keys, wraps, skips disabled items, and supports Home/End', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Security')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus(); // Billing is disabled
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Profile')).toHaveFocus(); // wrapped past Sign out
    await user.keyboard('{ArrowUp}');
    expect(item('Sign out')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Profile')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Sign out')).toHaveFocus();
  });

  it('opens on ArrowUp at the last item, and jumps to an item by its first letter', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(item('Sign out')).toHaveFocus();
    await user.keyboard('s');
    expect(item('Security')).toHaveFocus();
    await user.keyboard('s');
    expect(item('Settings')).toHaveFocus();
    await user.keyboard('p');
    expect(item('Profile')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(item('Profile')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('runs the chosen item with Enter or a click, then closes', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<UserMenu onSelect={onSelect} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('security');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();

    await user.click(trigger());
    await user.click(item('Sign out'));
    expect(onSelect).toHaveBeenLastCalledWith('sign-out');

    await user.click(trigger());
    await user.click(item('Billing'));
    expect(onSelect).not.toHaveBeenCalledWith('billing');
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('renders link items as links and closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    await user.click(trigger());
    expect(item('Settings')).toHaveAttribute('href', '/settings');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Tab, handing focus back to the trigger so Tab carries on from there', async () => {
    const user = userEvent.setup();
    render(<UserMenu />);
    await user.click(trigger());
    expect(item('Profile')).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
  });

  it('works inside a dialog: the list is not clipped, keeps focus, and Escape closes only the menu', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="Row 42">
        <UserMenu />
      </Dialog>,
    );
    await user.click(trigger());
    const menu = screen.getByRole('menu');
    expect(screen.getByRole('dialog').contains(menu)).toBe(false); // rendered in a portal
    expect(menu.style.top).toMatch(/px$/);
    await user.keyboard('{ArrowDown}');
    expect(item('Security')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(trigger()).toHaveFocus();
  });
});
