/**
 * Turns texts into the numbers search compares meanings with (one embedding per text), or says
 * which model it uses.
 *
 * embed: text → embedding vector, with `Supabase.ai.Session('gte-small')` (see
 * `_shared/embedding.ts`; on the emulator a deterministic stand-in behind the same call).
 *
 * POST { "input": "some text" }            → { model, dimension, embeddings: [[…384 numbers…]] }
 * POST { "input": ["text one", "text two"] } → one embedding per input, in order
 * GET                                       → { model, dimension }
 *
 * Inputs: 1–100 texts, each with at least one letter or digit and at most 20 000 characters.
 * Every vector has length 1, so the dot product of two of them is their cosine similarity.
 */
import { z } from 'zod';
import { createEmbedder } from '../_shared/embedding.ts';
import {
  describeIssues,
  json,
  methodNotAllowed,
  preflight,
  problem,
  readJsonObject,
} from '../_shared/http.ts';

const MAX_INPUTS = 100;
const MAX_LENGTH = 20_000;

const text = z
  .string()
  .max(MAX_LENGTH, `at most ${MAX_LENGTH} characters`)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), 'needs at least one letter or digit');
const EmbedRequest = z.object({
  input: z.union([
    text,
    z.array(text).min(1, 'needs at least one text').max(MAX_INPUTS, `at most ${MAX_INPUTS} texts`),
  ]),
});

const embedder = createEmbedder((name) => Deno.env.get(name));

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method === 'GET')
    return json({ model: embedder.model, dimension: embedder.dimension });
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST', 'GET']);
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = EmbedRequest.safeParse(read.body);
  if (!parsed.success) return problem(400, 'invalid_request', describeIssues(parsed.error.issues));
  const inputs = typeof parsed.data.input === 'string' ? [parsed.data.input] : parsed.data.input;
  try {
    const embeddings = await embedder.embed(inputs);
    return json({ model: embedder.model, dimension: embedder.dimension, embeddings });
  } catch (error) {
    return problem(500, 'embedding_failed', error instanceof Error ? error.message : String(error));
  }
});
