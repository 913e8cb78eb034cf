/** @jest-environment jsdom */
// The bootstrap's order around the chrome's first render (issue #40). That render is rendered in
// slices (render-in-slices.ts); a store the chrome reads that changes before it is committed makes
// React throw the slices away and render the chrome again in one task. So what the registry
// changes on the page (the dev overrides, the opened remote's status, every remote's registration)
// waits until the chrome's first render is committed, however early the registry answers. The
// bootstrap's collaborators stand in for themselves here; each records what it was asked.
import type { ReactElement } from 'react';

const mockSteps: string[] = [];
const mockRendered: Array<ReactElement<{ onOutlet: (element: HTMLElement | null) => void }>> = [];
const mockRegistry = { environment: 'test', updatedAt: '2026-11-29T00:00:00Z', remotes: {} };

jest.mock('./zod-without-eval.js', () => ({}));
jest.mock('@portal/platform', () => ({
  createConnectionMonitor: () => ({ realtimeOptions: {}, fetch: () => undefined }),
  createPortal: () => ({ session: {}, remotes: {} }),
  installPortal: (portal: unknown) => portal,
  interceptLinkClicks: () => undefined,
  registerDebugHandle: () => undefined,
  describeError: String,
  getPortal: () => undefined,
}));
jest.mock('@portal/ui', () => ({ initTheme: () => undefined }));
jest.mock('react-dom/client', () => ({
  createRoot: () => ({ render: (element: (typeof mockRendered)[number]) => mockRendered.push(element) }),
}));
jest.mock('../chrome/PortalApp.js', () => ({ PortalApp: () => null }));
jest.mock('../lifecycle/remote-applications.js', () => ({
  RemoteApplications: class {
    hooks = {};
    setOverrides() {
      mockSteps.push('dev overrides given to the applications');
    }
    loadOpened() {
      mockSteps.push('opened remote loading');
    }
    register() {
      mockSteps.push('remotes registered');
    }
    whenOpenedSettled() {
      return Promise.resolve();
    }
  },
}));
jest.mock('../lifecycle/remote-backgrounds.js', () => ({ RemoteBackgrounds: class { follow() {} } }));
jest.mock('../lifecycle/remote-updates.js', () => ({ RemoteUpdates: class {} }));
jest.mock('../registry/dev-overrides.js', () => ({
  devOverrideState: { set: () => mockSteps.push('dev overrides shown') },
  installDevOverrideConsole: () => undefined,
  resolveDevOverrides: () => ({ active: new Map(), refusals: [] }),
}));
jest.mock('../registry/dev-remotes.js', () => ({ devRemoteEntries: async () => ({ entries: {}, refusals: [] }), withDevRemotes: (registry: unknown) => registry }));
jest.mock('../registry/registry-loader.js', () => ({
  fetchRegistry: async () => ({ registry: mockRegistry, etag: null }),
  loadRegistry: async () => mockRegistry,
}));
jest.mock('../registry/registry-watch.js', () => ({ watchRegistry: () => ({}) }));
jest.mock('../registry/registry-state.js', () => ({ registryState: { set: ({ status }: { status: string }) => mockSteps.push(`registry ${status}`) } }));
jest.mock('../registry/canary-bucket.js', () => ({ canaryBucket: () => 0 }));
jest.mock('../federation/federation.js', () => ({ prepareFederation: () => undefined, restrictOrigins: () => undefined, restrictDevOrigins: () => undefined }));
jest.mock('../federation/remote-code-gate.js', () => ({ holdRemoteCode: () => undefined }));
jest.mock('./next-paint.js', () => ({ afterFirstContentfulPaint: () => new Promise(() => undefined) }));
jest.mock('./route-header-paint.js', () => ({ afterRouteHeaderPainted: () => new Promise(() => undefined) }));
jest.mock('../lifecycle/routes.js', () => ({ isShellPath: () => true }));
jest.mock('./runtime-config.js', () => ({
  loadRuntimeConfig: async () => ({ supabaseUrl: 'http://127.0.0.1:54321', registryUrl: 'http://localhost/registry.json', devOverrides: false, devOrigins: [], registryCheckSeconds: 300 }),
}));
jest.mock('../session/presence-tracking.js', () => ({ trackPresence: () => undefined }));
jest.mock('../session/second-factor.js', () => ({ followSecondFactor: () => undefined }));
jest.mock('../session/session-end.js', () => ({ followSessionEnd: () => undefined }));
jest.mock('../session/stored-session.js', () => ({ pageMayHoldSession: () => false }));
jest.mock('../session/supabase-client.js', () => ({ createPortalClient: () => ({}) }));

/** Lets every task and microtask queued so far run (the registry's answer, here at once). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

it("changes nothing the chrome reads before the chrome's first render is committed, then loads the opened remote and registers every remote", async () => {
  document.body.innerHTML = '<div id="portal-root"></div>';
  await import('./bootstrap.js');
  await settle();
  expect(mockRendered).toHaveLength(1);
  // The registry has answered; the chrome's first render is still in its slices.
  expect(mockSteps).toEqual(['registry loading']);

  mockRendered[0]!.props.onOutlet(document.createElement('div'));
  await settle();
  expect(mockSteps).toEqual(['registry loading', 'dev overrides shown', 'dev overrides given to the applications', 'opened remote loading', 'remotes registered', 'registry ready']);
});
