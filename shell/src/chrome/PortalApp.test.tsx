/** @jest-environment jsdom */
// What a change of the portal's state renders again (issue #40: TBT). A remote's status changes
// several times while a page starts (registered, loading, mounted), and a badge whenever its count
// does; each rendered the whole chrome again (every navigation link, the header's actions and their
// icons) in tasks of 35–70 ms at a phone's CPU. The portal and React are real; the design system's
// link, card and theme toggle are wrapped to count their renders.
import { createClient } from '@supabase/supabase-js';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import WebSocket from 'ws';
import { createPortal, installPortal, uninstallPortal, type Portal, type RemoteStatus } from '@portal/platform';
import type { RemoteApplications } from '../lifecycle/remote-applications.js';
import type { RuntimeConfig } from '../start-up/runtime-config.js';
import { PortalApp } from './PortalApp.js';

const mockRenders = { links: [] as string[], cards: [] as string[], themeToggles: 0 };
jest.mock('@portal/ui', () => {
  const actual = jest.requireActual('@portal/ui');
  return {
    ...actual,
    NavLink: (props: { href: string }) => {
      mockRenders.links.push(props.href);
      return <actual.NavLink {...props} />;
    },
    Card: (props: { title: string }) => {
      mockRenders.cards.push(props.title);
      return <actual.Card {...props} />;
    },
    ThemeToggle: (props: object) => {
      mockRenders.themeToggles += 1;
      return <actual.ThemeToggle {...props} />;
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const config = {
  supabaseUrl: 'http://127.0.0.1:1',
  supabaseAnonKey: ANON_KEY,
  registryUrl: 'http://127.0.0.1:1/registry.json',
  signInPath: '/account/sign-in',
  secondFactorPath: '/account/second-factor',
  environment: 'local',
  registryCheckSeconds: 60,
  devOverrides: false,
  devOrigins: [],
} as unknown as RuntimeConfig;

const applications = { preload: () => undefined, retry: () => undefined } as unknown as RemoteApplications;

function remote(name: string, state: RemoteStatus['state']): RemoteStatus {
  return {
    name,
    title: name[0]!.toUpperCase() + name.slice(1),
    route: `/${name}`,
    icon: 'folder',
    description: `The ${name} area.`,
    auth: 'none',
    version: '1.0.0',
    manifestUrl: `http://127.0.0.1:1/${name}/mf-manifest.json`,
    contract: '^1.0.0',
    canary: false,
    state,
    loadMs: null,
    error: null,
  };
}

let portal: Portal;
let root: Root;
let outlet: HTMLElement | null = null;

beforeAll(() => {
  const supabase = createClient('http://127.0.0.1:1', ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  portal = installPortal(createPortal({ supabase }));
});
afterAll(() => uninstallPortal());

beforeEach(async () => {
  window.history.replaceState(null, '', '/files');
  act(() => portal.remotes.set([remote('data', 'registered'), remote('files', 'loading'), remote('live', 'registered')]));
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const app: ReactNode = (
    <PortalApp
      config={config}
      applications={() => applications}
      onOutlet={(element) => (outlet = element)}
      onRetryRegistry={() => undefined}
      onDismissUpdate={() => undefined}
    />
  );
  await act(async () => root.render(app));
  mockRenders.links = [];
  mockRenders.cards = [];
  mockRenders.themeToggles = 0;
});
afterEach(() => act(() => root.unmount()));

it("renders the main area again when a remote's status changes, not the navigation's links nor the header's actions", () => {
  const mountedInto = outlet;
  expect(document.querySelector('[data-route-header="files"]')).not.toBeNull();
  act(() => portal.remotes.update((all) => all.map((r) => (r.name === 'files' ? { ...r, state: 'mounted' } : r))));
  // The main area followed: the loading bar over the outlet is gone, the outlet shows, the same element.
  expect(document.querySelector('.portal-route-loading')).toBeNull();
  expect(outlet).toBe(mountedInto);
  expect(outlet?.hidden).toBe(false);
  expect(mockRenders.links).toEqual([]);
  expect(mockRenders.themeToggles).toBe(0);
});

it("renders only the link whose badge changed, and the two links whose current page changes on navigation", () => {
  act(() => portal.navBadges.set('live', { count: 3, label: '3 unread messages' }));
  expect(mockRenders.links).toEqual(['/live']);
  expect(document.querySelector('[data-remote="live"] [data-testid="nav-badge"]')?.getAttribute('data-count')).toBe('3');
  mockRenders.links = [];
  act(() => portal.navigate('/data'));
  expect(mockRenders.links).toEqual(['/data', '/files']);
  expect(document.querySelector('[data-remote="data"]')?.getAttribute('aria-current')).toBe('page');
  expect(document.querySelector('[data-remote="files"]')?.getAttribute('aria-current')).toBeNull();
});

it("renders the home page's cards again only when what they show changes", () => {
  act(() => portal.navigate('/'));
  expect(mockRenders.cards).toEqual(['Data', 'Files', 'Live']);
  mockRenders.cards = [];
  act(() => portal.remotes.update((all) => all.map((r) => (r.name === 'live' ? { ...r, state: 'preloaded' } : r))));
  expect(mockRenders.cards).toEqual([]);
  act(() => portal.remotes.update((all) => all.map((r) => (r.name === 'live' ? { ...r, title: 'Chat' } : r))));
  expect(mockRenders.cards).toEqual(['Chat']);
  expect(document.querySelector('.portal-home-grid')?.textContent).toContain('Open Chat');
});
