import { DataError, DataErrorCode, describeRestError, isDataError, restFailure } from './data-errors.js';

describe('REST errors in words', () => {
  it('leads with what the code means, then the server’s own message, details and hint', () => {
    expect(describeRestError({ code: '42501', message: 'new row violates row-level security policy for table "t"', details: null, hint: null })).toBe(
      'Permission denied by the database (row level security or privileges). new row violates row-level security policy for table "t" (42501)',
    );
    expect(describeRestError({ code: '23514', message: 'violates check constraint "c"', details: 'Failing row contains (…).', hint: '' })).toBe(
      'A value breaks one of the table’s rules. violates check constraint "c" Failing row contains (…). (23514)',
    );
  });

  it('says when the API could not be reached', () => {
    expect(describeRestError({ code: '', message: 'TypeError: Failed to fetch' })).toBe('The REST API could not be reached. TypeError: Failed to fetch');
    expect(describeRestError({})).toBe('The request failed.');
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
