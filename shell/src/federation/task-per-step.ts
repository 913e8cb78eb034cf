// The federation runtime's steps for a remote, each in a task of its own (issue #40: TBT).
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { yieldToMain } from '../start-up/yield-to-main.js';

/**
 * A remote's entry script ends in a load event from which the runtime, in promise callbacks of the
 * same task, set up the remote's container (its shared modules negotiated with the shell's) and
 * ran its exposed module with every module that imports: one task of 50–110 ms at a phone's CPU,
 * on every route twice (the route's remote, and the live remote's background). The runtime gives
 * the main thread back before the container is set up and again before the module runs: each step
 * is a task of its own (issue #40: TBT).
 *
 * Likewise once the exposed module's own scripts have arrived: the last of them used to run, in
 * its own task, the module's code (every module it imports), and then whatever the shell does
 * with what it exports (single-spa mounting the app, a background's start): 25–50 ms at full
 * speed on a laptop, 100–200 at a phone's CPU. The module's code runs in a task after the
 * script's, and the shell takes its exports in a task after that.
 */
export const taskPerStepPlugin: ModuleFederationRuntimePlugin = {
  name: 'portal-task-per-step',
  beforeInitContainer: inTaskOfItsOwn,
  initContainer: inTaskOfItsOwn,
  beforeExecuteFactory: inTaskOfItsOwn,
  afterExecuteFactory: inTaskOfItsOwn,
};

/** A hook's step: gives the main thread back, then lets the runtime go on with what it was given. */
async function inTaskOfItsOwn<Args>(args: Args): Promise<Args> {
  await yieldToMain();
  return args;
}
