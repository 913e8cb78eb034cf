// The emulator of a team's tests starts as the portal's own test harness starts its emulators:
// cheaper, answering the same.
import { emulatorProcess } from './emulator.js';

const options = { dataDir: '/tmp/data', refusedHosts: ['localhost'] };

it('runs PGlite without WebAssembly optimisation and with a small buffer pool', () => {
  const { args, env } = emulatorProcess(options, {});
  expect(args[0]).toBe('--liftoff-only');
  expect(args.slice(2, 3)).toEqual(['start']);
  expect(env).toMatchObject({ PORTAL_EMULATOR_SHARED_BUFFERS: '16MB', PORTAL_REFUSED_HOSTS: 'localhost' });
});

it("keeps a buffer pool the caller's environment sets", () => {
  expect(emulatorProcess(options, { PORTAL_EMULATOR_SHARED_BUFFERS: '128MB' }).env.PORTAL_EMULATOR_SHARED_BUFFERS).toBe('128MB');
});
