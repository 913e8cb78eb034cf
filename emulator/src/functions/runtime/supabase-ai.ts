// `Supabase.ai` as the hosted edge runtime offers it to functions:
//   const session = new Supabase.ai.Session('gte-small');
//   const vector = await session.run(text, { mean_pool: true, normalize: true }); // number[384]
// Hosted Supabase runs the gte-small sentence-embedding model here. No npm package ships those
// weights, and the emulator downloads nothing, so behind the same call the emulator computes
// `hashed-ngrams-v1`: words, word pairs and character trigrams hashed into 384 dimensions (the
// "hashing trick", with a hash-chosen sign so collisions cancel out on average). It is
// deterministic and offline, and similarity measures shared vocabulary and spelling, not meaning:
// synonyms and paraphrases with other words do not match as they would with gte-small.

export const EMBEDDING_DIMENSION = 384;
export const LOCAL_EMBEDDING_ALGORITHM = 'hashed-ngrams-v1';
/** The models a Session can be opened on (the hosted runtime's embedding model). */
export const EMBEDDING_MODELS = ['gte-small'] as const;

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

/** The `hashed-ngrams-v1` vector of one text (unit length unless `normalize` is false). */
export function hashedNgramEmbedding(text: string, normalize = true): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSION).fill(0);
  for (const [feature, weight] of features(text)) {
    const h = hash32(feature);
    vector[h % EMBEDDING_DIMENSION]! += (h & 0x80000000 ? -1 : 1) * weight;
  }
  if (!normalize) return vector;
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

export interface SessionRunOptions {
  mean_pool?: boolean;
  normalize?: boolean;
}

/** `Supabase.ai.Session`: opened on a model name; `run(text)` gives its embedding. */
export class Session {
  readonly model: string;

  constructor(model: string) {
    if (!(EMBEDDING_MODELS as readonly string[]).includes(model)) {
      throw new Error(
        `Supabase.ai.Session: model "${model}" is not available; the emulator has ${EMBEDDING_MODELS.join(', ')}`,
      );
    }
    this.model = model;
  }

  async run(input: unknown, options: SessionRunOptions = {}): Promise<number[]> {
    if (typeof input !== 'string') {
      throw new TypeError(
        `Supabase.ai.Session.run: the input must be a string, got ${typeof input}`,
      );
    }
    return hashedNgramEmbedding(input, options.normalize ?? true);
  }
}

/** The `Supabase` global of a function's process. */
export function createSupabaseGlobal() {
  return { ai: { Session } };
}
