/** @jest-environment jsdom */
// The header's connection badge: the whole sentence for a screen reader and a wide window, a word
// for a phone's header (the stylesheet shows one or the other), and nothing while no connection is
// wanted. The portal's store and React are real.
import { createClient } from '@supabase/supabase-js';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createExternalStore, createPortal, installPortal, uninstallPortal, type ConnectionMonitor, type ConnectionState } from '@portal/platform';
import { ConnectionStatus } from './ConnectionStatus.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const state = createExternalStore<ConnectionState>({ status: 'idle' });
let root: Root;
let container: HTMLElement;

beforeAll(() => {
  const supabase = createClient('http://127.0.0.1:1', ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  installPortal(createPortal({ supabase, connection: { state } as unknown as ConnectionMonitor }));
});
afterAll(() => uninstallPortal());

beforeEach(async () => {
  state.set({ status: 'idle' });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<ConnectionStatus />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const region = () => container.querySelector<HTMLElement>('[role="status"]')!;
const label = () => container.querySelector('.portal-connection__label')?.textContent ?? null;
const short = () => container.querySelector('.portal-connection__short');

it('shows nothing while no connection is wanted, in a live region that is already there for the first state', () => {
  expect(region().dataset.status).toBe('idle');
  expect(region().textContent).toBe('');
  expect(region().hasAttribute('aria-label')).toBe(false);
  act(() => state.set({ status: 'connecting' }));
  expect(label()).toBe('Connecting…');
  expect(region().getAttribute('aria-label')).toBe('Connection: Connecting…');
});

it('says "Live" once connected, in one word for every width', () => {
  act(() => state.set({ status: 'connected', since: Date.now() }));
  expect(label()).toBe('Live');
  expect(short()).toBeNull();
});

it("keeps the whole sentence for a screen reader and gives a phone's header one word, hidden from the screen reader", () => {
  const at = Date.now();
  act(() => state.set({ status: 'offline', reason: 'backend', attempt: 2, scheduledAt: at, nextAttemptAt: at + 12_000 }));
  expect(label()).toMatch(/^Offline: server unreachable, retrying in 1[12] s$/);
  expect(region().getAttribute('aria-label')).toMatch(/^Connection: Offline: server unreachable, retrying in 1[12] s$/);
  expect(short()?.textContent).toBe('Offline');
  expect(short()?.getAttribute('aria-hidden')).toBe('true');

  act(() => state.set({ status: 'reconnecting', attempt: 1, scheduledAt: at, nextAttemptAt: at + 5_000 }));
  expect(label()).toMatch(/^Reconnecting in [45] s$/);
  expect(short()?.textContent).toBe('Reconnecting…');

  act(() => state.set({ status: 'offline', reason: 'network' }));
  expect(label()).toBe('Offline');
  expect(short()).toBeNull();
});
