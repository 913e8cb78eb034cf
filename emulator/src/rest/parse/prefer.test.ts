import { isRestError } from '../errors.js';
import { formatApplied, parsePrefer } from './prefer.js';

describe('parsePrefer', () => {
  it('reads a comma list with or without spaces', () => {
    expect(
      parsePrefer(
        'return=representation, count=exact,resolution=merge-duplicates,missing=default, tx=rollback',
      ),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: 'rollback',
      invalid: [],
    });
  });

  it('reads max-affected, handling and timezone, and collects what it does not know', () => {
    expect(
      parsePrefer('handling=lenient, max-affected=5, timezone=Europe/Paris, count=sometimes, foo'),
    ).toEqual({
      handling: 'lenient',
      maxAffected: 5,
      timezone: 'Europe/Paris',
      invalid: ['count=sometimes', 'foo'],
    });
  });

  it('refuses unknown preferences with handling=strict (PGRST122)', () => {
    let error: unknown;
    try {
      parsePrefer('handling=strict, foo=bar');
    } catch (e) {
      error = e;
    }
    expect(isRestError(error) && error.code).toBe('PGRST122');
    expect(isRestError(error) && error.details).toBe('Invalid preferences: foo=bar');
  });

  it('formats Preference-Applied in PostgREST order, with only what was applied', () => {
    const prefer = parsePrefer(
      'count=exact, return=representation, resolution=ignore-duplicates, tx=commit',
    );
    expect(formatApplied(prefer, new Set(['count', 'return', 'resolution']))).toBe(
      'resolution=ignore-duplicates, return=representation, count=exact',
    );
    expect(formatApplied(prefer, new Set())).toBeNull();
  });
});
