// The fuzzy string set PostgREST's "Perhaps you meant …" hints come from (the Haskell
// `fuzzyset` package, a port of fuzzyset.js), so the emulator hints exactly where PostgREST
// does: candidates that share an n-gram with the query (3-grams first, then 2-grams) are
// ranked by cosine similarity, the best 50 re-scored by normalised Levenshtein distance, and
// those under the minimum score dropped. See docs/compatibility.md#rest-rpc-resolution.

const GRAM_SIZES = [3, 2] as const;
const LEVENSHTEIN_POOL = 50;
/** `Fuzzy.getOne`'s default minimum score. */
export const DEFAULT_MIN_SCORE = 0.33;

/** Lowercase, keeping letters, digits, white space and commas (Data.FuzzySet.Util.normalized). */
function normalized(text: string): string {
  return [...text.toLowerCase()].filter((ch) => /[\p{L}\p{N}\s,]/u.test(ch)).join('');
}

/** How often each n-gram of the normalised text, enclosed in hyphens, occurs. */
function gramVector(text: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(text)}-`];
  const grams = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function magnitude(vector: Map<string, number>): number {
  let sum = 0;
  for (const count of vector.values()) sum += count * count;
  return Math.sqrt(sum);
}

function levenshtein(a: string[], b: string[]): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** 1 − distance / longer length (text-metrics' levenshteinNorm), by code point. */
function similarity(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - levenshtein(left, right) / longest;
}

interface Entry {
  /** The value as added. */
  value: string;
  /** Lowercased: what the query is compared with. */
  key: string;
  vectors: Map<number, { grams: Map<string, number>; magnitude: number }>;
}

export class FuzzySet {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, Entry>();

  constructor(values: Iterable<string>) {
    for (const value of values) {
      const key = value.toLowerCase();
      // Data.FuzzySet.addMany folds from the right: of two values with the same key, the last stays.
      const entry: Entry = { value, key, vectors: new Map() };
      for (const size of GRAM_SIZES) {
        const grams = gramVector(key, size);
        entry.vectors.set(size, { grams, magnitude: magnitude(grams) });
      }
      if (!this.byKey.has(key)) this.entries.push(entry);
      else this.entries[this.entries.indexOf(this.byKey.get(key)!)] = entry;
      this.byKey.set(key, entry);
    }
  }

  /** Matches scoring at least `minScore`, best first (Data.FuzzySet.getWithMinScore). */
  get(query: string, minScore = DEFAULT_MIN_SCORE): { score: number; value: string }[] {
    const key = query.toLowerCase();
    const exact = this.byKey.get(key);
    if (exact) return [{ score: 1, value: exact.value }];
    for (const size of GRAM_SIZES) {
      const queryGrams = gramVector(key, size);
      const queryMagnitude = magnitude(queryGrams);
      const cosine: { score: number; entry: Entry }[] = [];
      for (const entry of this.entries) {
        const vector = entry.vectors.get(size)!;
        let dot = 0;
        for (const [gram, count] of queryGrams) dot += count * (vector.grams.get(gram) ?? 0);
        if (dot > 0) cosine.push({ score: dot / (queryMagnitude * vector.magnitude), entry });
      }
      const found = cosine
        .sort((a, b) => b.score - a.score)
        .slice(0, LEVENSHTEIN_POOL)
        .map(({ entry }) => ({ score: similarity(key, entry.key), value: entry.value }))
        .sort((a, b) => b.score - a.score)
        .filter((match) => match.score >= minScore);
      if (found.length) return found;
    }
    return [];
  }

  /** The best match scoring at least `minScore` (Data.FuzzySet.getOneWithMinScore). */
  getOne(query: string, minScore = DEFAULT_MIN_SCORE): string | null {
    return this.get(query, minScore)[0]?.value ?? null;
  }
}
