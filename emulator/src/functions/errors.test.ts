import { functionsErrorResponse, FunctionsError, isFunctionsError } from './errors.js';

describe('functions error catalogue', () => {
  it('flags relay failures with x-relay-error, and only those', async () => {
    const timeout = functionsErrorResponse('timeout', 'too slow');
    expect(timeout.status).toBe(504);
    expect(timeout.headers.get('x-relay-error')).toBe('true');
    expect(await timeout.json()).toEqual({ code: 'WORKER_TIMEOUT', message: 'too slow' });
    const boot = functionsErrorResponse('boot_error', 'no Deno.serve');
    expect(boot.status).toBe(503);
    expect(boot.headers.get('x-relay-error')).toBe('true');
    const thrown = functionsErrorResponse('worker_error', 'TypeError: x');
    expect(thrown.status).toBe(500);
    expect(thrown.headers.get('x-relay-error')).toBeNull();
    // The handler's own message stays in the log, not in the answer.
    expect(await thrown.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
  });

  it('answers a resource limit as the hosted relay does: 546 WORKER_LIMIT', async () => {
    const limit = functionsErrorResponse('worker_limit', 'ran out of memory');
    expect(limit.status).toBe(546);
    expect(limit.headers.get('x-relay-error')).toBe('true');
    expect(await limit.json()).toEqual({
      code: 'WORKER_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    });
  });

  it("answers the JWT gate's failures as { msg } with 401", async () => {
    const response = functionsErrorResponse('invalid_jwt');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('recognises its errors by brand', () => {
    expect(isFunctionsError(new FunctionsError('timeout'))).toBe(true);
    expect(isFunctionsError(new Error('timeout'))).toBe(false);
    expect(isFunctionsError({ isFunctionsError: true })).toBe(true);
  });
});
