/**
 * @jest-environment jsdom
 */
// The federation runtime's first use (registering, locating and loading the release) runs in a
// task after the one its modules ran in (issue #40: TBT): at a phone's CPU the two held the main
// thread for 100–170 ms in one task. The runtime and the design-system groups stand in for
// themselves here; each records what it was asked for, and when.
const mockSteps: string[] = [];

jest.mock('../start-up/yield-to-main.js', () => ({
  yieldToMain: async () => {
    mockSteps.push('yield');
  },
}));
jest.mock('../start-up/script-preload.js', () => ({
  preloadScript: (href: string) => mockSteps.push(`preload ${href.split('/').pop()}`),
}));
jest.mock('./design-system-groups.js', () => ({
  lazyDesignSystemGroups: {
    '@portal/ui/tables': async () => mockSteps.push('group tables'),
    '@portal/ui/overlays': async () => mockSteps.push('group overlays'),
  },
}));
jest.mock('./federation-runtime.js', () => ({
  restrictOrigins: () => undefined,
  restrictDevOrigins: () => undefined,
  registerFederatedRemote: () => undefined,
  loadExposed: async () => {
    mockSteps.push('runtime loads the remote');
    return {};
  },
}));

import { loadExposed, registerFederatedRemote } from './federation.js';

it("asks for a release's first scripts and groups at once, and uses the runtime in a task after its modules ran", async () => {
  const sri = `sha384-${'a'.repeat(64)}`;
  registerFederatedRemote({
    name: 'data',
    manifestUrl: 'http://127.0.0.1:9/data/1.0.0/mf-manifest.json',
    integrity: sri,
    files: {
      entry: 'remoteEntry.js',
      globalName: 'data',
      app: ['app.js', 'vendor.js'],
      integrity: { 'remoteEntry.js': sri, 'app.js': sri, 'vendor.js': sri },
      shared: ['@portal/ui/tables', '@portal/ui/overlays'],
    },
  });
  await loadExposed('data');
  // The first remote's files are asked for in one go (one per task cost it 8% of its time to
  // interactive on bench/portal-vs-monolith.ts's network profile); the runtime is used after a yield.
  expect(mockSteps).toEqual(['preload remoteEntry.js', 'preload app.js', 'preload vendor.js', 'group tables', 'group overlays', 'yield', 'runtime loads the remote']);
});
