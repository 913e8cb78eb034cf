/** @jest-environment jsdom */
import { createClient } from '@supabase/supabase-js';
import { act } from 'react';
import WebSocket from 'ws';
import { defineRemote } from './define-remote.js';
import { useUser } from './hooks.js';
import { createPortal, installPortal, uninstallPortal, getPortal } from './portal.js';
import type { RemoteMeta } from './remote-meta.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const meta: RemoteMeta = { name: 'demo', title: 'Demo', route: '/demo', contract: '^1.0.0', auth: 'none' };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** `mount` resolves on React's first commit, which act() holds back until its callback returns. */
async function mountInAct(mount: () => Promise<void>): Promise<void> {
  let mounted: Promise<void> = Promise.resolve();
  await act(async () => {
    mounted = mount();
  });
  await mounted;
}

describe('defineRemote', () => {
  beforeAll(() => {
    const supabase = createClient('http://127.0.0.1:1', ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    installPortal(createPortal({ supabase }));
  });
  afterAll(() => uninstallPortal());

  it('mounts the root into the given element, reading the portal, and unmounts cleanly', async () => {
    function Root() {
      const user = useUser();
      return <p>Hello {user?.email ?? 'guest'}</p>;
    }
    const lifecycles = defineRemote(Root, meta);
    const domElement = document.createElement('section');
    document.body.appendChild(domElement);
    await act(() => lifecycles.bootstrap({ name: 'demo', domElement }));
    await mountInAct(() => lifecycles.mount({ name: 'demo', domElement }));
    expect(domElement.querySelector('[data-portal-remote="demo"]')?.textContent).toBe('Hello guest');
    await act(() => lifecycles.unmount({ name: 'demo', domElement }));
    expect(domElement.children).toHaveLength(0);
  });

  it('reports a render error to the host instead of crashing the page', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      function Broken(): never {
        throw new Error('boom');
      }
      const lifecycles = defineRemote(Broken, meta);
      const domElement = document.createElement('section');
      const reported: string[] = [];
      await mountInAct(() => lifecycles.mount({ name: 'demo', domElement, reportError: (error, step) => reported.push(`${step}: ${(error as Error).message}`) }));
      expect(reported).toEqual(['render: boom']);
      await act(() => lifecycles.unmount({ name: 'demo', domElement }));
    } finally {
      spy.mockRestore();
    }
  });

  it('says clearly when the portal is not installed', () => {
    uninstallPortal();
    expect(() => getPortal()).toThrow(/installPortal\(\)/);
  });
});
