/**
 * @jest-environment jsdom
 */
// A release's first scripts and design-system groups are asked for one per task once remote code
// may run (issue #40: TBT): each element added took 5–15 ms of a phone's CPU. The runtime and the
// groups stand in for themselves here; each records what it was asked for, and when.
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

it("asks for a release's first scripts and its design-system groups one per task", async () => {
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
  for (let i = 0; i < 50 && !mockSteps.includes('group overlays'); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  const asked = mockSteps.filter((step) => step !== 'runtime loads the remote');
  const requests = asked.filter((step) => step.startsWith('preload') || step.startsWith('group'));
  expect(requests).toEqual(['preload remoteEntry.js', 'preload app.js', 'preload vendor.js', 'group tables', 'group overlays']);
  // Each request after a yield of its own: never two in one task.
  for (const request of requests) expect(asked[asked.indexOf(request) - 1]).toBe('yield');
});
