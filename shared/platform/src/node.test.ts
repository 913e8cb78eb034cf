// `@portal/platform/node` is what Node code (deploy/, scripts) imports; its module graph must not
// reach React or the browser libraries. Each of them is replaced here by a module that throws
// when loaded, so importing anything that pulls one in fails.
jest.mock('react', () => {
  throw new Error('react was loaded');
});
jest.mock('react/jsx-runtime', () => {
  throw new Error('react/jsx-runtime was loaded');
});
jest.mock('react-dom', () => {
  throw new Error('react-dom was loaded');
});
jest.mock('react-dom/client', () => {
  throw new Error('react-dom/client was loaded');
});
jest.mock('@supabase/supabase-js', () => {
  throw new Error('@supabase/supabase-js was loaded');
});

describe('@portal/platform/node', () => {
  beforeEach(() => jest.resetModules());

  it('loads without React, react-dom or supabase-js, and offers what Node code needs', () => {
    // Through the package name, as deploy/ imports it: the "exports" map must lead here.
    const node = require('@portal/platform/node') as typeof import('./node.js');
    expect(node.describeError(new Error('disk full'))).toBe('disk full');
    expect(
      node.isPortalError(new node.PortalError(node.PortalErrorCode.RegistryInvalid, 'bad')),
    ).toBe(true);
    expect(node.CONTRACT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('loads the registry subpath without them too', () => {
    const registry = require('@portal/platform/registry') as typeof import('./registry.js');
    expect(typeof registry.parseRegistry).toBe('function');
  });

  it('is not what the main entry is: that one loads React (so the mocks above would catch it)', () => {
    expect(() => require('@portal/platform')).toThrow(/was loaded/);
  });
});
