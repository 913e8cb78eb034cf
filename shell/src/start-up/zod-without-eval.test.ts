// The shell turns zod's eval probe off without loading zod: the setting must be the one every
// copy of zod reads, whichever of the two runs first.
describe('zod without eval', () => {
  afterEach(() => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    jest.resetModules();
  });

  it('is jitless for a copy of zod loaded after the shell set it', async () => {
    await import('./zod-without-eval.js');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probe = jest.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });

  it('is jitless for a copy of zod loaded before the shell set it', async () => {
    const { z } = await import('zod');
    await import('./zod-without-eval.js');
    expect(z.config().jitless).toBe(true);
  });
});
