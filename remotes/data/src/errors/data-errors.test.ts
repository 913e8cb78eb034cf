import { DataError, DataErrorCode, describeFailure, describeRestError, isDataError, isUnreachable, restFailure, UNREACHABLE } from './data-errors.js';

describe('REST errors in words', () => {
  it('leads with what the code means, then the server’s own message, details and hint', () => {
    expect(describeRestError({ code: '42501', message: 'new row violates row-level security policy for table "t"', details: null, hint: null })).toBe(
      'Permission denied by the database (row level security or privileges). new row violates row-level security policy for table "t" (42501)',
    );
    expect(describeRestError({ code: '23514', message: 'violates check constraint "c"', details: 'Failing row contains (…).', hint: '' })).toBe(
      'A value breaks one of the table’s rules. violates check constraint "c" Failing row contains (…). (23514)',
    );
  });

  it('says in words when the server did not answer, never the browser’s message and stack (issue #39, item 1)', () => {
    // What postgrest-js returns for a failed fetch in Chromium.
    const failed = { code: '', message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n    at https://portal/main.0a1b.js:1:228835', hint: '' };
    expect(describeRestError(failed)).toBe(UNREACHABLE);
    expect(isUnreachable(failed)).toBe(true);
    expect(restFailure(failed).code).toBe(DataErrorCode.Unreachable);
    expect(describeFailure(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
    expect(describeFailure(restFailure(failed))).toBe(UNREACHABLE);
    expect(describeRestError({})).toBe('The request failed.');
    expect(isUnreachable({ code: '42501', message: 'TypeError in a trigger' })).toBe(false);
  });

  it('keeps the server’s code on the remote’s error, recognised by brand', () => {
    const error = restFailure({ code: '23505', message: 'duplicate key' });
    expect(error.code).toBe(DataErrorCode.RequestFailed);
    expect(error.serverCode).toBe('23505');
    expect(isDataError(error)).toBe(true);
    expect(isDataError(new Error('x'))).toBe(false);
    expect(isDataError({ ...new DataError(DataErrorCode.InvalidValue, 'x') })).toBe(true);
  });
});
