// The deploy command is a Node program: nothing it loads may pull in React, react-dom or the
// browser's Supabase client (it reads the platform through `@portal/platform/node` and
// `@portal/platform/registry`). Each of those is replaced by a module that throws when loaded.
jest.mock('react', () => {
  throw new Error('react was loaded');
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

describe('deploy/ module graph', () => {
  it('loads the registry file module and the whole deploy library without React', () => {
    expect(() => require('./registry-file.js')).not.toThrow();
    const deploy = require('./index.js') as typeof import('./index.js');
    expect(typeof deploy.readRegistry).toBe('function');
    expect(typeof deploy.publishRemote).toBe('function');
  });
});
