// How the search-documents function words a result's match (supabase/functions/_shared/relevance.ts).
import {
  DEFAULT_MIN_SIMILARITY,
  matchOf,
  relevanceRule,
  relevanceRuleFrom,
} from '../supabase/functions/_shared/relevance.js';

describe('the match of a search result', () => {
  const rule = relevanceRule(0.8);

  it('is strong with both words and meaning, or a meaning close to the query', () => {
    expect(matchOf(rule, 0.82, true)).toBe('strong');
    expect(matchOf(rule, 0.91, false)).toBe('strong');
    expect(matchOf(rule, 0.9, null)).toBe('strong');
  });

  it('is good with the words alone or the meaning alone', () => {
    expect(matchOf(rule, 0.3, true)).toBe('good');
    expect(matchOf(rule, null, true)).toBe('good');
    expect(matchOf(rule, 0.8, false)).toBe('good');
    expect(matchOf(rule, 0.85, null)).toBe('good');
  });

  it('is weak with neither, whatever the rank', () => {
    expect(matchOf(rule, 0.79, false)).toBe('weak');
    expect(matchOf(rule, 0.79, null)).toBe('weak');
    expect(matchOf(rule, null, false)).toBe('weak');
  });

  it('takes its threshold from SEARCH_MIN_SIMILARITY when it is a number between 0 and 1', () => {
    expect(relevanceRuleFrom(() => '0.6')).toEqual({ minSimilarity: 0.6, strongSimilarity: 0.8 });
    for (const wrong of [undefined, '', 'high', '0', '1', '-0.2'])
      expect(relevanceRuleFrom(() => wrong).minSimilarity).toBe(DEFAULT_MIN_SIMILARITY);
  });
});
