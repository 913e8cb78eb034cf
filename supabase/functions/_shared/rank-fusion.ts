// Reciprocal rank fusion, as in Supabase's hybrid-search guide: each list votes
// weight / (k + rank) for each item it holds (rank from 1), and items are ordered by the sum.
// Ranks, not raw scores, are combined, so a cosine similarity and a ts_rank_cd need no common scale.

export interface RankedList<T> {
  items: readonly T[];
  weight?: number;
}

export interface FusedItem<T> {
  key: string;
  item: T;
  score: number;
  /** The item's 1-based rank in each list, or null where a list does not hold it. */
  ranks: (number | null)[];
}

/** Supabase's guide uses k = 50; a larger k flattens the advantage of the very first ranks. */
export const RRF_K = 50;

export function reciprocalRankFusion<T>(
  lists: readonly RankedList<T>[],
  keyOf: (item: T) => string,
  k = RRF_K,
): FusedItem<T>[] {
  const fused = new Map<string, FusedItem<T>>();
  lists.forEach((list, listIndex) => {
    const weight = list.weight ?? 1;
    const seen = new Set<string>();
    list.items.forEach((item, index) => {
      const key = keyOf(item);
      // A list that holds an item twice votes once, at its better rank.
      if (seen.has(key)) return;
      seen.add(key);
      let entry = fused.get(key);
      if (!entry) {
        entry = { key, item, score: 0, ranks: lists.map(() => null) };
        fused.set(key, entry);
      }
      entry.ranks[listIndex] = index + 1;
      entry.score += weight / (k + index + 1);
    });
  });
  // Ties keep the order of first appearance (the first list's order, then the next).
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
