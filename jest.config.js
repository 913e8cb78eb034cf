// Two projects: `unit` (pure modules, beside their code) and `integration` (real emulator
// processes over HTTP/websockets, real Chromium). Both transform TypeScript with SWC
// because ts-jest does not accept TypeScript 7.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.supabase-local/'],
  // Scratch copies of the tree (.tmp/, e.g. a checkout to benchmark against) would give each
  // workspace package (@portal/…) a second provider in jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
  transformIgnorePatterns: ['/node_modules/(?!(@supabase|jose|otpauth|marked|@tus|srvx|@noble|@scure)/)'],
};
export default {
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testTimeout: 30_000,
      testMatch: ['<rootDir>/{emulator,shared,shell,remotes,deploy,tools,tests}/**/*.test.ts?(x)'],
    },
    {
      ...common,
      displayName: 'integration',
      // Node's, and no emulator outlives the test file that started it.
      testEnvironment: '<rootDir>/tests/support/integration-environment.cjs',
      // Real processes on a 2-core machine: a step may wait on a busy emulator or browser.
      testTimeout: 60_000,
      testMatch: ['<rootDir>/{emulator,tests}/**/*.spec.ts?(x)'],
      // One build of the portal's apps per run, shared by the browser suites.
      globalSetup: '<rootDir>/tests/support/build-dir-setup.cjs',
      globalTeardown: '<rootDir>/tests/support/build-dir-teardown.cjs',
    },
  ],
};
