/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ThemeToggle } from './ThemeToggle.js';
import { THEME_STORAGE_KEY, getThemePreference, setThemePreference } from './themeStore.js';
import { useTheme } from './useTheme.js';

const html = document.documentElement;

beforeEach(() => {
  act(() => setThemePreference('system'));
  localStorage.clear();
});

describe('ThemeToggle', () => {
  it('is a radio group of light, dark and system, starting on system', () => {
    render(<ThemeToggle />);
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System theme' })).toBeChecked();
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('applies the choice to <html data-theme> and saves it in localStorage', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('radio', { name: 'Dark theme' }));
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'System theme' }));
    expect(html).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('moves the choice with the arrow keys (roving focus)', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'System theme' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light theme' })).toHaveFocus();
    expect(html).toHaveAttribute('data-theme', 'light');
    await user.keyboard('{ArrowRight}');
    expect(html).toHaveAttribute('data-theme', 'dark');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'System theme' })).toBeChecked();
  });

  it('keeps every toggle and useTheme on the page in step (the shell’s and a remote’s)', async () => {
    const user = userEvent.setup();
    function Resolved() {
      return <output>{useTheme().preference}</output>;
    }
    render(
      <>
        <ThemeToggle label="Shell theme" />
        <ThemeToggle label="Remote theme" />
        <Resolved />
      </>,
    );
    await user.click(screen.getAllByRole('radio', { name: 'Light theme' })[0]!);
    expect(screen.getAllByRole('radio', { name: 'Light theme' })[1]).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('light');
  });

  it('follows a change made in another tab', () => {
    render(<ThemeToggle />);
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toBeChecked();
    expect(html).toHaveAttribute('data-theme', 'dark');
  });
});

describe('theme persistence across page loads', () => {
  it('restores the saved choice when the module loads afresh', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    html.removeAttribute('data-theme');
    jest.isolateModules(() => {
      // A fresh copy of the store, as after a reload.
      const fresh = require('./themeStore.js') as typeof import('./themeStore.js');
      expect(fresh.getThemePreference()).toBe('light');
      fresh.initTheme();
      expect(html).toHaveAttribute('data-theme', 'light');
    });
    expect(getThemePreference()).toBe('system');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    jest.isolateModules(() => {
      const fresh = require('./themeStore.js') as typeof import('./themeStore.js');
      expect(fresh.getThemePreference()).toBe('system');
    });
  });
});

describe('switching themes', () => {
  it('turns transitions off while the theme changes, so nothing fades from the old colours', async () => {
    act(() => setThemePreference('dark'));
    expect(html).toHaveAttribute('data-pui-theme-switching');
    // Cleared once the next frames are painted.
    await waitFor(() => expect(html).not.toHaveAttribute('data-pui-theme-switching'));
    // Choosing what is already applied changes nothing, so nothing is suppressed.
    act(() => setThemePreference('dark'));
    expect(html).not.toHaveAttribute('data-pui-theme-switching');
  });
});
