// The integration project's environment stops a file's leftover emulators when the file ends,
// clears its pending timers, and formats only the stacks jest can map through jest's formatter.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import IntegrationEnvironment from './integration-environment.cjs';

function environment(): IntegrationEnvironment {
  return new IntegrationEnvironment(
    {
      globalConfig: {},
      projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {}, injectGlobals: true, transformIgnorePatterns: ['/node_modules/'] },
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

describe("a failed test's emulator output", () => {
  /** The environment with one emulator registered as the harness registers it, and a test. */
  async function withEmulator() {
    const env = environment();
    await env.setup();
    const output = ['Started portal emulator in 0.9s.'];
    (env.global as Record<symbol, unknown>)[Symbol.for('portal.testEmulatorOutputs')] = new Set([
      { name: 'http://127.0.0.1:54321', output },
    ]);
    const test = { errors: [] as unknown[] };
    const event = (name: 'test_start' | 'test_done') => env.handleTestEvent({ name, test } as never);
    return { env, output, test, event };
  }

  it('is added to the errors of a test that failed: the lines printed while it ran, none before', async () => {
    const { env, output, test, event } = await withEmulator();
    event('test_start');
    output.push('auth: unexpected failure: TypeError: x is not a function', '    at sign (test-idp.ts:120:5)');
    test.errors.push(new Error('expected 200, received 500'));
    event('test_done');
    await env.teardown();
    expect(test.errors).toHaveLength(2);
    const quoted = (test.errors[1] as Error).message;
    expect(quoted).toBe(
      'The emulator at http://127.0.0.1:54321 printed, while this test ran:\n' +
        '  | auth: unexpected failure: TypeError: x is not a function\n' +
        '  |     at sign (test-idp.ts:120:5)',
    );
    expect((test.errors[1] as Error).stack).toBe(quoted);
  });

  it('keeps the last lines of a long output and says how many it left out', async () => {
    const { env, output, test, event } = await withEmulator();
    event('test_start');
    output.push(...Array.from({ length: 130 }, (_, i) => `line ${i + 1}`));
    test.errors.push(new Error('failed'));
    event('test_done');
    await env.teardown();
    const lines = (test.errors[1] as Error).message.split('\n');
    expect(lines[1]).toBe('  (10 earlier lines left out)');
    expect(lines[2]).toBe('  | line 11');
    expect(lines.at(-1)).toBe('  | line 130');
  });

  it('is not added to a test that passed, nor to a failed one during which the emulator printed nothing', async () => {
    const { env, output, test, event } = await withEmulator();
    event('test_start');
    output.push('a warning during a passing test');
    event('test_done');
    expect(test.errors).toEqual([]);
    event('test_start');
    test.errors.push(new Error('failed'));
    event('test_done');
    await env.teardown();
    expect(test.errors).toHaveLength(1);
  });
});

describe("a stack's format", () => {
  /** The stack of an Error made in the file's realm, by code loaded from `file`, in a task of its own. */
  async function stackMadeIn(env: IntegrationEnvironment, file: string): Promise<string> {
    const made = new vm.Script('new Promise((resolve) => setImmediate(() => resolve(new Error("made here").stack)))', { filename: file });
    return (await made.runInContext(env.getVmContext()!)) as string;
  }

  /**
   * The worker's own Error, on which jest installs its formatter, and where Node looks for one when
   * the realm that made an error has none. (This file's Error is its own realm's, and so is the
   * environment's module's here; in a run, that module is loaded in the worker's realm.)
   */
  const workerError = (() => {
    try {
      readFileSync('/nonexistent/file');
    } catch (error) {
      return (error as Error).constructor as ErrorConstructor;
    }
    throw new Error('reading a missing file did not fail');
  })();
  const saved = new Map<ErrorConstructor, typeof Error.prepareStackTrace>();
  const formatted: string[][] = [];
  beforeEach(() => {
    formatted.length = 0;
    // Stands in for jest's source-map formatter.
    const format: typeof Error.prepareStackTrace = (error, frames) => {
      formatted.push(frames.map((frame) => String(frame.getFileName())));
      return `mapped: ${(error as Error).message}`;
    };
    for (const constructor of [Error, workerError]) {
      saved.set(constructor, constructor.prepareStackTrace);
      constructor.prepareStackTrace = format;
    }
  });
  afterEach(() => {
    for (const [constructor, format] of saved) constructor.prepareStackTrace = format;
  });

  it("is V8's own for a stack through files jest did not transform, as Playwright's server makes at every step", async () => {
    const env = environment();
    await env.setup();
    const stack = await stackMadeIn(env, '/project/node_modules/library/index.js');
    await env.teardown();
    expect(formatted).toEqual([]);
    expect(stack).toMatch(/^Error: made here\n {4}at .*\(\/project\/node_modules\/library\/index\.js:1:\d+\)/);
  });

  it("is jest's, mapped to the sources, for a stack through a file jest transformed", async () => {
    const env = environment();
    await env.setup();
    const stack = await stackMadeIn(env, '/project/tests/some.spec.ts');
    await env.teardown();
    expect(stack).toBe('mapped: made here');
    expect(formatted).toEqual([expect.arrayContaining(['/project/tests/some.spec.ts'])]);
  });
});
