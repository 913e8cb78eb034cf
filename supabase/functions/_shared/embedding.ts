// Text → embedding vector, behind one interface.
//
// Functions embed with `Supabase.ai.Session('gte-small')`, the sentence-embedding model that
// Supabase's edge runtime provides (384 dimensions, unit length with `normalize: true`). The
// same call runs unchanged on hosted Supabase and on the portal's emulator; the emulator has
// no model weights, so behind that call it computes a deterministic stand-in that matches
// shared words rather than meaning (see emulator/README.md, "Embeddings"). Vectors of
// different models are not comparable, so callers keep one index per model (`embedder.model`).

export interface Embedder {
  /** Names the vector space; vectors of different models must not be mixed. */
  readonly model: string;
  readonly dimension: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

export const EMBEDDING_DIMENSION = 384;
export const DEFAULT_EMBEDDING_MODEL = 'gte-small';

interface SupabaseAiSession {
  run(input: string, options: { mean_pool: boolean; normalize: boolean }): Promise<unknown>;
}
type SupabaseAi = { Session: new (model: string) => SupabaseAiSession };

function runtimeAi(): SupabaseAi {
  const ai = (globalThis as { Supabase?: { ai?: SupabaseAi } }).Supabase?.ai;
  if (!ai)
    throw new Error('Supabase.ai is not available: run this inside a Supabase Edge Function');
  return ai;
}

/**
 * The embedder of the runtime's `Supabase.ai` on `model` (`EMBEDDING_MODEL`, default gte-small).
 * The session opens on first use, so a model the runtime lacks fails the embedding step of a
 * request, with the runtime's own message, rather than the function's start.
 */
export function createEmbedder(env: (name: string) => string | undefined): Embedder {
  const model = env('EMBEDDING_MODEL') ?? DEFAULT_EMBEDDING_MODEL;
  let session: SupabaseAiSession | null = null;
  return {
    model,
    dimension: EMBEDDING_DIMENSION,
    async embed(texts) {
      session ??= new (runtimeAi().Session)(model);
      const open = session;
      const vectors: number[][] = [];
      for (const text of texts) {
        const vector = await open.run(text, { mean_pool: true, normalize: true });
        if (!Array.isArray(vector) || vector.length !== EMBEDDING_DIMENSION) {
          throw new Error(`${model} gave no ${EMBEDDING_DIMENSION}-dimension vector`);
        }
        vectors.push(vector as number[]);
      }
      return vectors;
    },
  };
}
