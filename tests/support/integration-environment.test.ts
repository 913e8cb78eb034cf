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

it("clears the timers the file's code left pending, so none runs after it or holds the process open", async () => {
  const env = environment();
  await env.setup();
  const fired: string[] = [];
  // As a library inside the test file sets them: through the file's own global.
  const timers = env.global as unknown as typeof globalThis;
  const left = [
    timers.setTimeout(() => fired.push('left pending'), 200),
    timers.setInterval(() => fired.push('interval'), 200),
  ];
  timers.setTimeout(() => fired.push('ran before the end'), 0);
  try {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await env.teardown();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fired).toEqual(['ran before the end']);
  } finally {
    // Should the environment not have cleared them, this test must not hold jest open either.
    for (const timer of left) clearInterval(timer);
  }
});

it('keeps the promise form of the timers and a timer cleared by its id', async () => {
  const env = environment();
  await env.setup();
  const timers = env.global as unknown as typeof globalThis;
  const { promisify } = await import('node:util');
  await expect(promisify(timers.setTimeout)(10, 'value')).resolves.toBe('value');
  let fired = false;
  const timer = timers.setTimeout(() => (fired = true), 50);
  timers.clearTimeout(Number(timer));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(fired).toBe(false);
  await env.teardown();
});
