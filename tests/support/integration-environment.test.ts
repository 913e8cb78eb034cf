// The integration project's environment stops a file's leftover emulators when the file ends.
import IntegrationEnvironment from './integration-environment.cjs';

function environment(): IntegrationEnvironment {
  return new IntegrationEnvironment(
    {
      globalConfig: {},
      projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {}, injectGlobals: true },
    } as never,
    { console, docblockPragmas: {}, testPath: __filename },
  );
}

it("runs every closer the file's harness registered before the environment goes away", async () => {
  const env = environment();
  await env.setup();
  const calls: string[] = [];
  // As emulator/test/harness.ts registers closeTestEmulators in the test file's global.
  const closers = new Set([
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      calls.push('first copy of the harness');
    },
    async () => {
      calls.push('second copy');
    },
  ]);
  (env.global as Record<symbol, unknown>)[Symbol.for('portal.testEmulatorClosers')] = closers;
  await env.teardown();
  expect(calls.sort()).toEqual(['first copy of the harness', 'second copy']);
});

it('ends quietly for a file that started no emulator', async () => {
  const env = environment();
  await env.setup();
  await expect(env.teardown()).resolves.toBeUndefined();
});
