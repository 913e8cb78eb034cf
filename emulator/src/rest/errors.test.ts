import { statusForSqlState, toRestError } from './errors.js';

describe('SQLSTATE → status (PostgREST pgErrorStatus)', () => {
  it.each([
    ['23505', false, 409],
    ['23503', false, 409],
    ['42501', true, 401],
    ['42501', false, 403],
    ['42P01', false, 404],
    ['42883', false, 404],
    ['P0001', false, 400],
    ['PT418', false, 418],
    ['25006', false, 405],
    ['22P02', false, 400],
    ['40001', false, 500],
    ['53300', false, 503],
    ['28000', false, 403],
    ['54001', false, 500],
  ])('%s (anonymous %s) → %d', (code, anonymous, status) => {
    expect(statusForSqlState(code, anonymous)).toBe(status);
  });

  it('tells pg-safeupdate and unknown JWT roles apart by message', () => {
    expect(statusForSqlState('21000', false, 'DELETE requires a WHERE clause')).toBe(400);
    expect(
      statusForSqlState(
        '21000',
        false,
        'more than one row returned by a subquery used as an expression',
      ),
    ).toBe(500);
    expect(statusForSqlState('22023', false, 'role "x" does not exist')).toBe(401);
    expect(statusForSqlState('22023', false, 'invalid value for parameter')).toBe(400);
  });

  it('lets RAISE SQLSTATE PGRST decide code, message, status and headers', () => {
    const raised = Object.assign(new Error('{"code":"X1","message":"Nope","hint":"h"}'), {
      code: 'PGRST',
      detail: '{"status":409,"headers":{"X-A":"b"}}',
    });
    const error = toRestError(raised, false);
    expect([error.status, error.toBody(), error.headers]).toEqual([
      409,
      { code: 'X1', message: 'Nope', details: null, hint: 'h' },
      { 'X-A': 'b' },
    ]);
    const broken = toRestError(Object.assign(new Error('oops'), { code: 'PGRST' }), false);
    expect([broken.status, broken.code]).toEqual([500, 'PGRST121']);
  });

  it('keeps Postgres message, detail and hint', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    });
    expect(toRestError(pgError, false).toBody()).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "x"',
    });
  });

  it('never leaks an unexpected error', () => {
    const error = toRestError(new TypeError('cannot read x of undefined'), true);
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('undefined');
  });
});
