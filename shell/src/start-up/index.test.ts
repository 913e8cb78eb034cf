// The main entry runs the script's modules in several tasks (issue #40: TBT): each group's modules
// run after a yield to the browser, never two groups in one task. The groups stand in for
// themselves here: each records when its modules run.
const mockSteps: string[] = [];

jest.mock('./yield-to-main.js', () => ({
  yieldToMain: async () => {
    mockSteps.push('yield');
  },
}));
jest.mock('@portal/ui', () => ({ ensureStylesheet: () => mockSteps.push('design system stylesheet') }));
jest.mock('../session/supabase-client.js', () => {
  mockSteps.push('supabase client');
  return {};
});
jest.mock('react-dom/client', () => {
  mockSteps.push('react-dom');
  return {};
});
jest.mock('../chrome/PortalApp.js', () => {
  mockSteps.push('chrome');
  return {};
});
jest.mock('./bootstrap.js', () => {
  mockSteps.push('bootstrap');
  return {};
});

it("runs the session's modules, React DOM, the chrome's, the design system's stylesheet and the bootstrap each in a task of its own", async () => {
  await import('./index.js');
  for (let i = 0; i < 50 && !mockSteps.includes('bootstrap'); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(mockSteps).toEqual(['yield', 'supabase client', 'yield', 'react-dom', 'yield', 'chrome', 'yield', 'design system stylesheet', 'yield', 'bootstrap']);
});
