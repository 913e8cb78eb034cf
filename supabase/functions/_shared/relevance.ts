// How good a search result is, in words a person can read, so that a query that matches nothing
// ("xylophone quantum") says so instead of listing the nearest passages, which a vector search
// always has. A passage matches a query by its words (it holds a word of the query, as Postgres'
// English full-text search stems them) or by its meaning (the cosine similarity of the two
// embeddings reaches the model's threshold). Both together, or a very close meaning, is a strong
// match; either alone a good one; neither a weak one, which the page shows only on request.
//
// The threshold belongs to the embedding model: gte-small's similarities of unrelated texts sit
// around 0.7, and 0.8 is the threshold Supabase's own gte-small examples match documents with.
// `SEARCH_MIN_SIMILARITY` changes it. (The emulator's stand-in for gte-small, hashed word and
// trigram features, scores unrelated texts anywhere up to about 0.3 and near duplicates above
// the threshold: locally, good matches are those that share words, which is what it can tell.)

export type Match = 'strong' | 'good' | 'weak';

/** Supabase's gte-small examples match documents from this cosine similarity up. */
export const DEFAULT_MIN_SIMILARITY = 0.8;

export interface RelevanceRule {
  /** From this similarity a passage matches by meaning. */
  minSimilarity: number;
  /** From this similarity alone a match is strong (halfway from the threshold to 1). */
  strongSimilarity: number;
}

export function relevanceRule(minSimilarity = DEFAULT_MIN_SIMILARITY): RelevanceRule {
  return { minSimilarity, strongSimilarity: minSimilarity + (1 - minSimilarity) / 2 };
}

/** The rule with the threshold from the environment (a number in (0, 1)), else the default. */
export function relevanceRuleFrom(env: (name: string) => string | undefined): RelevanceRule {
  const configured = Number(env('SEARCH_MIN_SIMILARITY'));
  return relevanceRule(
    Number.isFinite(configured) && configured > 0 && configured < 1
      ? configured
      : DEFAULT_MIN_SIMILARITY,
  );
}

/**
 * One result's match. `wordMatch` is null when words do not count (a "more like this" search,
 * whose query is a whole passage: sharing one of its words says nothing).
 */
export function matchOf(
  rule: RelevanceRule,
  similarity: number | null,
  wordMatch: boolean | null,
): Match {
  const meaning = similarity !== null && similarity >= rule.minSimilarity;
  const close = similarity !== null && similarity >= rule.strongSimilarity;
  if (close || (meaning && wordMatch === true)) return 'strong';
  if (meaning || wordMatch === true) return 'good';
  return 'weak';
}
