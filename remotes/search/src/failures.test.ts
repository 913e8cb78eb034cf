import { FunctionsFetchError } from '@supabase/functions-js';
import { isUnreachable, searchFailure, UNREACHABLE, whatNext } from './failures.js';

describe('failures in words', () => {
  it('words a request without an answer, never as the browser’s TypeError', () => {
    const postgrest = { code: '', message: 'TypeError: Failed to fetch' };
    const functions = new FunctionsFetchError(new TypeError('Failed to fetch'));
    for (const error of [postgrest, functions, new TypeError('Failed to fetch')]) {
      expect(isUnreachable(error)).toBe(true);
      expect(searchFailure(error).message).toBe(UNREACHABLE);
      expect(whatNext(error)).toBe(
        `${UNREACHABLE} This page tries again by itself as soon as the server answers.`,
      );
    }
  });

  it('keeps a refusal in its words', () => {
    const refused = { code: '42501', message: 'permission denied for table projects' };
    expect(isUnreachable(refused)).toBe(false);
    expect(searchFailure(refused, 'Your projects could not be listed').message).toBe(
      'Your projects could not be listed: permission denied for table projects',
    );
  });
});
