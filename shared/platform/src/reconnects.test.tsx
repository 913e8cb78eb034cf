/** @jest-environment jsdom */
import { createClient } from '@supabase/supabase-js';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createConnectionMonitor } from './connection.js';
import { createPortal, installPortal, uninstallPortal } from './portal.js';
import { useReconnects, useRetryWhenBack } from './reconnects.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A socket that finds nothing listening: it closes in the task after it was made. */
class UnansweredSocket extends EventTarget {
  readonly readyState = 0;
  constructor(readonly url: string) {
    super();
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  }
  send(): void {}
  close(): void {}
}

describe('recovering after an outage', () => {
  const network = { online: true, target: new EventTarget() };
  let root: Root;
  let element: HTMLElement;
  let connection: ReturnType<typeof createConnectionMonitor>;

  beforeAll(() => {
    connection = createConnectionMonitor({
      socketClass: UnansweredSocket as never,
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

  it('renders nothing again while the socket connects or closes, only when the backend goes or comes back', async () => {
    let renders = 0;
    function Reader() {
      renders += 1;
      useRetryWhenBack(true, () => undefined);
      return <output>{useReconnects()}</output>;
    }
    await act(() => root.render(<Reader />));
    expect(renders).toBe(1);
    // A socket nothing answers: the state goes to connecting, then back to idle.
    const steps: string[] = [];
    const stop = connection.state.subscribe(() => steps.push(connection.state.get().status));
    const Socket = connection.realtimeOptions.transport as unknown as new (url: string) => { addEventListener(type: 'close', listener: () => void): void };
    await act(async () => {
      const socket = new Socket('ws://127.0.0.1:1/realtime/v1/websocket');
      await new Promise<void>((resolve) => socket.addEventListener('close', () => resolve()));
    });
    stop();
    expect(steps).toEqual(['connecting', 'idle']);
    expect(renders).toBe(1);
    await goOffline();
    expect(renders).toBeGreaterThan(1);
    await comeBack();
    expect(element.textContent).toBe('1');
  });
});
