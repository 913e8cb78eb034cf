/** @jest-environment jsdom */
import { createClient } from '@supabase/supabase-js';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import WebSocket from 'ws';
import { createConnectionMonitor } from './connection.js';
import { createPortal, installPortal, uninstallPortal } from './portal.js';
import { useReconnects, useRetryWhenBack } from './reconnects.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('recovering after an outage', () => {
  const network = { online: true, target: new EventTarget() };
  let root: Root;
  let element: HTMLElement;

  beforeAll(() => {
    const connection = createConnectionMonitor({
      socketClass: WebSocket as never,
      network: { onLine: () => network.online, target: network.target },
    });
    const supabase = createClient('http://127.0.0.1:1', ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: connection.realtimeOptions,
    });
    installPortal(createPortal({ supabase, connection }));
  });
  afterAll(() => uninstallPortal());
  beforeEach(() => {
    element = document.createElement('div');
    root = createRoot(element);
  });
  afterEach(() => act(() => root.unmount()));

  const goOffline = () =>
    act(() => {
      network.online = false;
      network.target.dispatchEvent(new Event('offline'));
    });
  const comeBack = () =>
    act(() => {
      network.online = true;
      network.target.dispatchEvent(new Event('online'));
    });

  it('counts each return of the backend, not its going away', async () => {
    function Count() {
      return <output>{useReconnects()}</output>;
    }
    await act(() => root.render(<Count />));
    expect(element.textContent).toBe('0');
    await goOffline();
    expect(element.textContent).toBe('0');
    await comeBack();
    expect(element.textContent).toBe('1');
    await goOffline();
    await comeBack();
    expect(element.textContent).toBe('2');
  });

  it('tries again when the backend is back only while something is still waiting, with the newest retry', async () => {
    const retried: string[] = [];
    function Reader({ waiting, label }: { waiting: boolean; label: string }) {
      useRetryWhenBack(waiting, () => retried.push(label));
      return null;
    }
    await act(() => root.render(<Reader waiting label="first" />));
    expect(retried).toEqual([]); // nothing on arrival
    await act(() => root.render(<Reader waiting label="second" />));
    await goOffline();
    await comeBack();
    expect(retried).toEqual(['second']);
    await act(() => root.render(<Reader waiting={false} label="third" />));
    await goOffline();
    await comeBack();
    expect(retried).toEqual(['second']); // the read succeeded meanwhile: nothing to do
  });
});
