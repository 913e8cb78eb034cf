/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AppShell } from './AppShell.js';
import { DRAWER_MEDIA } from './drawer.js';

/** A matchMedia whose width the test controls; only the drawer query is answered. */
function installViewport(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  const matches = (query: string) => query === DRAWER_MEDIA && state.width < 768;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(to: number) {
      state.width = to;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const shell = () =>
  render(
    <AppShell brand="Portal" nav={<a href="/home">Home</a>}>
      <p>Content</p>
    </AppShell>,
  );

describe('AppShell navigation toggle', () => {
  it('is not rendered on wide screens, so it can be neither seen nor tabbed to', async () => {
    installViewport(1440);
    shell();
    expect(screen.queryByRole('button', { name: 'Navigation' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.tab(); // skip link
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
  });

  it('opens and closes the drawer under the breakpoint, and disappears when the window widens', async () => {
    const viewport = installViewport(390);
    shell();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(sidebar).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-open', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    viewport.resize(1024);
    expect(screen.queryByRole('button', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(sidebar).toHaveAttribute('data-open', 'false');
    viewport.resize(767);
    expect(screen.getByRole('button', { name: 'Navigation' })).toBeInTheDocument();
  });

  it('has no toggle without a nav', () => {
    installViewport(390);
    render(<AppShell brand="Portal">Content</AppShell>);
    expect(screen.queryByRole('button', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('leaves the decision to the stylesheet where matchMedia is missing', () => {
    shell();
    expect(screen.getByRole('button', { name: 'Navigation' })).toBeInTheDocument();
  });
});

describe('AppShell skip link', () => {
  it('moves focus into the main landmark, so the next Tab starts in the page, not the header', async () => {
    installViewport(1440);
    render(
      <AppShell brand="Portal" mainId="the-main" actions={<button type="button">Theme</button>}>
        <button type="button">In the page</button>
      </AppShell>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'In the page' })).toHaveFocus();
  });
});
