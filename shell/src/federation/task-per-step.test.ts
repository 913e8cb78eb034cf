/** @jest-environment jsdom */
// A remote's container is set up, its exposed module run, and the module handed to the caller,
// each in a task of its own rather than in the task the remote's entry (or the module's last
// script) arrived in (issue #40: TBT). The runtime is the real one; the
// remote's entry is given to it by a plugin, as a loaded script would be.
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { taskPerStepPlugin } from './task-per-step.js';

/** Counts the tasks run since it started: a timer that sets itself again, one task at a time. */
function taskCounter(): { now: () => number; stop: () => void } {
  let count = 0;
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    count += 1;
    timer = setTimeout(tick, 0);
  };
  timer = setTimeout(tick, 0);
  return { now: () => count, stop: () => clearTimeout(timer) };
}

async function loadSteps(plugins: ModuleFederationRuntimePlugin[]): Promise<Array<[string, number]>> {
  const tasks = taskCounter();
  const steps: Array<[string, number]> = [];
  const entry = {
    init: async () => {
      steps.push(['container set up', tasks.now()]);
    },
    get: async () => {
      steps.push(['module arrives', tasks.now()]);
      return () => {
        steps.push(['module runs', tasks.now()]);
        return { answer: 42 };
      };
    },
  };
  const arrives: ModuleFederationRuntimePlugin = { name: 'entry-arrives', loadEntry: () => entry as never };
  const runtime = createInstance({ name: 'host', remotes: [{ name: 'demo', entry: 'http://127.0.0.1:9/remoteEntry.js' }], plugins: [arrives, ...plugins] });
  try {
    steps.push(['entry asked for', tasks.now()]);
    const exported = await runtime.loadRemote('demo/app');
    steps.push(['caller takes it', tasks.now()]);
    expect(exported).toEqual({ answer: 42 });
    return steps;
  } finally {
    tasks.stop();
  }
}

it("sets the remote's container up, runs its module and hands it over each in a task of its own", async () => {
  const steps = await loadSteps([taskPerStepPlugin]);
  expect(steps.map(([step]) => step)).toEqual(['entry asked for', 'container set up', 'module arrives', 'module runs', 'caller takes it']);
  const [asked, setUp, arrives, runs, taken] = steps.map(([, task]) => task);
  expect(setUp).toBeGreaterThan(asked!);
  expect(arrives).toBeGreaterThan(setUp!);
  expect(runs).toBeGreaterThan(arrives!);
  expect(taken).toBeGreaterThan(runs!);
});

it('runs them all in one task without it (what the test above tells apart)', async () => {
  const steps = await loadSteps([]);
  expect(new Set(steps.map(([, task]) => task)).size).toBe(1);
});
