/**
 * @jest-environment jsdom
 */
// The bootstrap's steps once the registry is read (issue #40: TBT): the opened remote's load starts
// in one task, and registering every remote and drawing the registry's navigation happen in the
// next — together they held a phone's CPU 70–110 ms. The shell's modules stand in for themselves
// here; each records what it was asked to do, and when.
const mockSteps: string[] = [];
const mockRecord = (step: string) => () => void mockSteps.push(step);
const never = () => new Promise<never>(() => undefined);

jest.mock('./zod-without-eval.js', () => ({}));
jest.mock('./yield-to-main.js', () => ({ yieldToMain: async () => void mockSteps.push('yield') }));
jest.mock('./next-paint.js', () => ({ afterFirstContentfulPaint: never }));
jest.mock('./route-header-paint.js', () => ({ afterRouteHeaderPainted: never }));
jest.mock('./runtime-config.js', () => ({
  loadRuntimeConfig: async () => ({
    supabaseUrl: 'http://127.0.0.1:9',
    supabaseAnonKey: 'anon',
    allowedOrigins: [],
    devOverrides: false,
    devOrigins: [],
    registryUrl: 'http://127.0.0.1:9/registry.json',
    registryCheckSeconds: 60,
    signInPath: '/account/sign-in',
    secondFactorPath: '/account/second-factor',
  }),
}));
jest.mock('@portal/platform', () => ({
  createConnectionMonitor: () => ({}),
  createPortal: () => ({}),
  installPortal: (portal: unknown) => portal,
  describeError: String,
  interceptLinkClicks: () => undefined,
  registerDebugHandle: () => undefined,
}));
jest.mock('@portal/ui', () => ({ initTheme: () => undefined }));
jest.mock('react-dom/client', () => ({
  // The chrome's outlet is on the page as soon as the chrome renders.
  createRoot: () => ({ render: (app: { props: { onOutlet: (element: HTMLElement) => void } }) => app.props.onOutlet(document.createElement('div')) }),
}));
jest.mock('../chrome/PortalApp.js', () => ({ PortalApp: () => null }));
jest.mock('../session/supabase-client.js', () => ({ createPortalClient: () => ({}) }));
jest.mock('../session/presence-tracking.js', () => ({ trackPresence: () => undefined }));
jest.mock('../session/second-factor.js', () => ({ followSecondFactor: () => undefined }));
jest.mock('../session/session-end.js', () => ({ followSessionEnd: () => undefined }));
jest.mock('../session/stored-session.js', () => ({ pageMayHoldSession: () => true }));
jest.mock('../federation/federation.js', () => ({ prepareFederation: () => undefined, restrictOrigins: () => undefined, restrictDevOrigins: () => undefined }));
jest.mock('../federation/remote-code-gate.js', () => ({ holdRemoteCode: () => undefined }));
jest.mock('../lifecycle/routes.js', () => ({ isShellPath: () => false }));
jest.mock('../lifecycle/remote-applications.js', () => ({
  RemoteApplications: class {
    hooks = {};
    setOverrides = () => undefined;
    whenOpenedSettled = never;
    loadOpened = mockRecord('opened remote starts loading');
    register = mockRecord('every remote registered');
  },
}));
jest.mock('../lifecycle/remote-backgrounds.js', () => ({ RemoteBackgrounds: class { follow = () => undefined; } }));
jest.mock('../lifecycle/remote-updates.js', () => ({ RemoteUpdates: class {} }));
jest.mock('../registry/canary-bucket.js', () => ({ canaryBucket: () => 0 }));
jest.mock('../registry/dev-overrides.js', () => ({
  devOverrideState: { set: () => undefined },
  installDevOverrideConsole: () => undefined,
  resolveDevOverrides: () => ({ active: new Map(), refusals: [] }),
}));
jest.mock('../registry/dev-remotes.js', () => ({ devRemoteEntries: async () => ({ entries: {}, refusals: [] }), withDevRemotes: (registry: unknown) => registry }));
jest.mock('../registry/registry-loader.js', () => ({
  fetchRegistry: async () => {
    mockSteps.push('registry read');
    return { registry: { environment: 'local', updatedAt: '2026-11-29T16:00:00Z', remotes: {} }, etag: null };
  },
  loadRegistry: never,
}));
jest.mock('../registry/registry-watch.js', () => ({ watchRegistry: () => ({}) }));
jest.mock('../registry/registry-state.js', () => ({
  registryState: { set: (state: { status: string }) => void mockSteps.push(`registry ${state.status}`) },
}));

it("starts the opened remote's load in one task, and registers every remote and draws the registry in the next", async () => {
  await import('./bootstrap.js');
  for (let i = 0; i < 50 && !mockSteps.includes('registry ready'); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockSteps.slice(mockSteps.indexOf('registry read'))).toEqual([
    'registry read',
    'opened remote starts loading',
    'yield',
    'every remote registered',
    'registry ready',
  ]);
});
