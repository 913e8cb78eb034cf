import { StorageApiError, StorageUnknownError } from '@supabase/storage-js';
import { describeFailure, filesFailure, isUnreachable, UNREACHABLE, whatNext } from './failures.js';

describe('failures in words', () => {
  it('words a request without an answer, never as the browser’s TypeError', () => {
    const postgrest = { code: '', message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n    at …' };
    const storage = new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch'));
    for (const error of [postgrest, storage, new TypeError('Failed to fetch')]) {
      expect(isUnreachable(error)).toBe(true);
      expect(describeFailure(error)).toBe(UNREACHABLE);
    }
    expect(filesFailure(storage, 'What is in “a/” could not be listed').message).toBe(
      `What is in “a/” could not be listed. ${UNREACHABLE}`,
    );
    expect(whatNext(filesFailure(storage))).toBe(
      `${UNREACHABLE} This page tries again by itself as soon as the server answers.`,
    );
  });

  it('keeps the server’s refusal in its words, after what failed', () => {
    const refused = new StorageApiError('new row violates row-level security policy', 403, '403');
    expect(isUnreachable(refused)).toBe(false);
    expect(filesFailure(refused, 'What is in “a/” could not be listed').message).toBe(
      'What is in “a/” could not be listed: new row violates row-level security policy',
    );
    expect(whatNext(filesFailure(refused))).toBe('new row violates row-level security policy');
  });
});
