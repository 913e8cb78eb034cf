// Text → embedding vector, behind one interface so a real model can replace the local one.
//
// The default, `hashed-ngrams-v1`, is a deterministic stand-in for a hosted embedding model:
// words, word pairs and character trigrams are hashed into a fixed number of dimensions
// (the "hashing trick", with a hash-chosen sign so collisions cancel out on average), then the
// vector is normalised to length 1, so cosine similarity measures shared vocabulary and
// spelling. It needs no network, no weights and no GPU, and gives the same vector for the
// same text everywhere, which is what local development and tests need; it knows nothing
// about meaning (synonyms do not match).
//
// `EMBEDDING_MODEL=gte-small` uses the model built into Supabase's hosted edge runtime
// (`Supabase.ai.Session`), which has the same 384 dimensions. Vectors of different models
// are not comparable, so callers keep one index per model (`embedder.model`).

export interface Embedder {
  /** Names the vector space; vectors of different models must not be mixed. */
  readonly model: string;
  readonly dimension: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

export const EMBEDDING_DIMENSION = 384;
export const HASHED_NGRAMS_MODEL = 'hashed-ngrams-v1';

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser so every bit depends on every input bit. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Lower case, accents removed, split into runs of letters and digits. */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The weighted features of a text: whole words count most, trigrams catch spelling variants. */
function features(text: string): [feature: string, weight: number][] {
  const tokens = tokenize(text);
  const out: [string, number][] = [];
  tokens.forEach((token, i) => {
    out.push([`w:${token}`, 1]);
    if (i > 0) out.push([`b:${tokens[i - 1]} ${token}`, 0.5]);
    const padded = `<${token}>`;
    for (let j = 0; j + 3 <= padded.length; j++) out.push([`c:${padded.slice(j, j + 3)}`, 0.35]);
  });
  return out;
}

/** The `hashed-ngrams-v1` vector of one text; all zeros when the text has no letters or digits. */
export function hashedNgramEmbedding(text: string, dimension = EMBEDDING_DIMENSION): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const [feature, weight] of features(text)) {
    const h = hash32(feature);
    vector[h % dimension]! += (h & 0x80000000 ? -1 : 1) * weight;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

export const hashedNgramEmbedder: Embedder = {
  model: HASHED_NGRAMS_MODEL,
  dimension: EMBEDDING_DIMENSION,
  embed: async (texts) => texts.map((text) => hashedNgramEmbedding(text)),
};

interface SupabaseAiSession {
  run(input: string, options: { mean_pool: boolean; normalize: boolean }): Promise<unknown>;
}

/** Supabase's hosted edge runtime ships `gte-small` as `Supabase.ai.Session`. */
function gteSmallEmbedder(): Embedder {
  const ai = (
    globalThis as { Supabase?: { ai?: { Session: new (model: string) => SupabaseAiSession } } }
  ).Supabase?.ai;
  if (!ai) {
    throw new Error(
      'EMBEDDING_MODEL=gte-small needs the Supabase edge runtime (Supabase.ai); unset it to use hashed-ngrams-v1.',
    );
  }
  const session = new ai.Session('gte-small');
  return {
    model: 'gte-small',
    dimension: EMBEDDING_DIMENSION,
    embed: (texts) =>
      Promise.all(
        texts.map(
          async (text) =>
            (await session.run(text, { mean_pool: true, normalize: true })) as number[],
        ),
      ),
  };
}

/** The embedder named by `EMBEDDING_MODEL` (default `hashed-ngrams-v1`). */
export function createEmbedder(env: (name: string) => string | undefined): Embedder {
  const model = env('EMBEDDING_MODEL') ?? HASHED_NGRAMS_MODEL;
  if (model === HASHED_NGRAMS_MODEL) return hashedNgramEmbedder;
  if (model === 'gte-small') return gteSmallEmbedder();
  throw new Error(
    `EMBEDDING_MODEL=${model} is not known; use ${HASHED_NGRAMS_MODEL} or gte-small.`,
  );
}

/** Cosine similarity of two unit vectors. */
export function similarity(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * (b[i] ?? 0);
  return dot;
}
