/**
 * Finds passages in your own documents by what they mean, by their words, or both. Nobody
 * else's documents are searched.
 *
 * search-documents: finds passages among the caller's own documents (added with the
 * `documents` function) by meaning, by words, or both.
 *
 *   { "action": "query", "query": "how do I get my money back", "mode": "hybrid" | "vector" | "fulltext",
 *     "topK": 10, "sources": ["markdown"], "from": "2025-01-01T00:00:00Z", "to": "2025-02-01T00:00:00Z" }
 *   { "action": "similar", "documentId": "…", "passageIndex": 3, "topK": 10, …same filters }
 *     ("more like this passage": the passage's own vector is the query; the passage itself is left out)
 *   → { "results": [{ documentId, passageIndex, title, source, created, heading, text,
 *                     pages, similarity, score, vectorRank, textRank, match, wordMatch,
 *                     sourceChanged }], "leftOut": n }   best first
 *     (`pages`: `{ first, last }`, the PDF pages the passage spans, or null; `match`: "strong",
 *     "good" or "weak" (`_shared/relevance.ts`): whether the passage shares a word with the query
 *     (`wordMatch`, null for `similar`) or is close enough in meaning; `sourceChanged`: when the
 *     stored file the document was taken from changed since, or null; `leftOut`: how many of the
 *     caller's documents are not searched because their file was deleted, is in the trash or was
 *     moved out of their reach)
 *
 * `vector` ranks by cosine similarity of embeddings (the vector bucket), `fulltext` by Postgres
 * ts_rank_cd over the passages (any query word may match), `hybrid` fuses both rankings with
 * reciprocal rank fusion (`_shared/rank-fusion.ts`). `similarity` is the passage's cosine
 * similarity to the query (null for `similar` results found only by words), `score` the value
 * the results are ordered by. Filters: `sources` (any of), `from` (inclusive) and `to` (exclusive)
 * on the document's creation time.
 *
 * The owner is the user of the verified session JWT: the vector query is filtered on it, the
 * full-text query runs as that user under row level security, and nothing in the body can
 * widen either. Errors: `{ code, message }` — 400 invalid_request, 401 sign_in_required,
 * 403 insufficient_aal (the person has a second factor this session has not used),
 * 404 not_found (a passage that is not the caller's), 502 search_failed (with `step`).
 */
import { z } from 'zod';
import { callerOrRefusal, type Caller } from '../_shared/caller.ts';
import { createEmbedder } from '../_shared/embedding.ts';
import {
  describeIssues,
  json,
  methodNotAllowed,
  preflight,
  problem,
  readJsonObject,
} from '../_shared/http.ts';
import {
  passageIndex,
  passageKey,
  StepError,
  type PassageMetadata,
} from '../_shared/passage-index.ts';
import { reciprocalRankFusion } from '../_shared/rank-fusion.ts';
import { matchOf, relevanceRuleFrom } from '../_shared/relevance.ts';

const embedder = createEmbedder((name) => Deno.env.get(name));
const index = passageIndex(embedder);
const relevance = relevanceRuleFrom((name) => Deno.env.get(name));
/** Each ranking contributes this many candidates to the fusion. */
const CANDIDATES = 40;

const Filters = {
  topK: z.number().int().min(1).max(50).default(10),
  mode: z.enum(['hybrid', 'vector', 'fulltext']).default('hybrid'),
  sources: z
    .array(z.enum(['paste', 'text', 'markdown', 'html', 'pdf']))
    .min(1)
    .max(5)
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

const SearchRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('query'),
    query: z
      .string()
      .max(2_000)
      .refine((text) => /[\p{L}\p{N}]/u.test(text), 'needs at least one letter or digit'),
    ...Filters,
  }),
  z.object({
    action: z.literal('similar'),
    documentId: z.uuid('documentId is a document uuid'),
    passageIndex: z.number().int().min(0),
    ...Filters,
  }),
]);
type SearchRequest = z.infer<typeof SearchRequest>;

interface Hit {
  documentId: string;
  passageIndex: number;
  title: string;
  source: string;
  created: string;
  heading: string | null;
  text: string;
  pages: { first: number; last: number } | null;
  similarity: number | null;
}

const pagesOf = (first: number | null | undefined, last: number | null | undefined) =>
  typeof first === 'number' && typeof last === 'number' ? { first, last } : null;

const keyOfHit = (hit: Hit) => `${hit.documentId}/${hit.passageIndex}`;

interface SourceState {
  present: boolean;
  changedAt: string | null;
}

/**
 * Where the documents of `hits` stand with their stored file (read as the caller, so only their
 * own), and how many of their documents are left out of searches because the file is gone.
 */
async function sourceStates(
  caller: Caller,
  hits: Hit[],
): Promise<{ states: Map<string, SourceState>; leftOut: number }> {
  const ids = [...new Set(hits.map((hit) => hit.documentId))];
  const [docs, gone] = await Promise.all([
    ids.length === 0
      ? Promise.resolve({ data: [], error: null })
      : caller.db
          .from('search_documents')
          .select('id, source_status, source_changed_at')
          .in('id', ids),
    caller.db
      .from('search_documents')
      .select('id', { count: 'exact', head: true })
      .neq('source_status', 'present'),
  ]);
  if (docs.error) throw new StepError('search', `reading the documents: ${docs.error.message}`);
  if (gone.error) throw new StepError('search', `counting the documents: ${gone.error.message}`);
  const states = new Map<string, SourceState>();
  for (const doc of docs.data as {
    id: string;
    source_status: string;
    source_changed_at: string | null;
  }[])
    states.set(doc.id, { present: doc.source_status === 'present', changedAt: doc.source_changed_at });
  return { states, leftOut: gone.count ?? 0 };
}

function vectorFilter(request: SearchRequest): Record<string, unknown>[] {
  const filter: Record<string, unknown>[] = [];
  if (request.sources) filter.push({ source: { $in: request.sources } });
  if (request.from) filter.push({ created: { $gte: Date.parse(request.from) } });
  if (request.to) filter.push({ created: { $lt: Date.parse(request.to) } });
  return filter;
}

function hitOfVector(match: { metadata?: unknown; distance?: number }): Hit {
  const m = match.metadata as PassageMetadata;
  return {
    documentId: m.document_id,
    passageIndex: m.passage_index,
    title: m.title,
    source: m.source,
    created: new Date(m.created).toISOString(),
    heading: m.heading || null,
    text: m.text,
    pages: pagesOf(m.page_first, m.page_last),
    similarity: match.distance === undefined ? null : 1 - match.distance,
  };
}

async function vectorHits(
  caller: Caller,
  vector: number[],
  request: SearchRequest,
  topK: number,
): Promise<Hit[]> {
  const found = await index.query(caller.id, vector, topK, vectorFilter(request));
  return found.map(hitOfVector);
}

async function textHits(
  caller: Caller,
  query: string,
  request: SearchRequest,
  topK: number,
): Promise<Hit[]> {
  const { data, error } = await caller.db.rpc('search_passages_fulltext', {
    p_query: query,
    p_limit: topK,
    p_sources: request.sources ?? null,
    p_from: request.from ?? null,
    p_to: request.to ?? null,
  });
  if (error) throw new StepError('search', `full-text search: ${error.message}`);
  return (
    data as {
      document_id: string;
      passage_index: number;
      title: string;
      source: string;
      created_at: string;
      heading: string | null;
      content: string;
      page_first: number | null;
      page_last: number | null;
    }[]
  ).map((row) => ({
    documentId: row.document_id,
    passageIndex: row.passage_index,
    title: row.title,
    source: row.source,
    created: new Date(row.created_at).toISOString(),
    heading: row.heading,
    text: row.content,
    pages: pagesOf(row.page_first, row.page_last),
    similarity: null,
  }));
}

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

/** Fills in the cosine similarity of hits that only the full-text ranking found. */
async function addSimilarity(caller: Caller, vector: number[], hits: Hit[]): Promise<void> {
  const missing = hits.filter((hit) => hit.similarity === null);
  if (missing.length === 0) return;
  const stored = await index.get(
    caller.id,
    missing.map((hit) => passageKey(caller.id, hit.documentId, hit.passageIndex)),
    true,
  );
  const byKey = new Map(stored.map((v) => [v.key, v.data?.float32 as number[] | undefined]));
  for (const hit of missing) {
    const data = byKey.get(passageKey(caller.id, hit.documentId, hit.passageIndex));
    if (data) hit.similarity = dot(vector, data);
  }
}

async function search(caller: Caller, request: SearchRequest): Promise<Response> {
  let vector: number[];
  let text: string;
  let exclude: string | null = null;
  if (request.action === 'query') {
    text = request.query;
    try {
      [vector] = (await embedder.embed([request.query])) as [number[]];
    } catch (error) {
      throw new StepError(
        'embed',
        `embedding the query failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } else {
    const key = passageKey(caller.id, request.documentId, request.passageIndex);
    const [own] = await index.get(caller.id, [key], true);
    const data = own?.data?.float32 as number[] | undefined;
    if (!own || !data)
      return problem(404, 'not_found', 'There is no such passage among your documents.');
    vector = data;
    text = (own.metadata as PassageMetadata).text;
    exclude = `${request.documentId}/${request.passageIndex}`;
  }
  const want = request.topK + (exclude ? 1 : 0);
  // Candidates beyond topK: documents whose file is gone are dropped from what comes back.
  const pool = Math.max(CANDIDATES, want);
  const [byVector, byText] = await Promise.all([
    request.mode === 'fulltext' ? Promise.resolve([]) : vectorHits(caller, vector, request, pool),
    // The words count for every query, "meaning only" too: they say whether a result matches.
    request.action === 'query' || request.mode !== 'vector'
      ? textHits(caller, text, request, pool)
      : Promise.resolve([]),
  ]);
  // The vectors know nothing of files: their documents' state is read here (the full-text half
  // leaves out documents whose file is gone in SQL).
  const { states, leftOut } = await sourceStates(caller, [...byVector, ...byText]);
  const present = (hit: Hit) => states.get(hit.documentId)?.present ?? false;
  const ranked = request.mode === 'vector' ? [byVector.filter(present)] : [byVector.filter(present), byText];
  const fused = reciprocalRankFusion(
    ranked.map((items) => ({ items })),
    keyOfHit,
  )
    .filter((f) => f.key !== exclude)
    .slice(0, request.topK);
  const hits = fused.map((f) => f.item);
  if (request.action === 'query') await addSimilarity(caller, vector, hits);
  const byWords = new Map(byText.map((hit, i) => [keyOfHit(hit), i + 1]));
  return json({
    results: fused.map((f) => {
      const textRank = byWords.get(f.key) ?? null;
      const wordMatch = request.action === 'query' ? textRank !== null : null;
      return {
        ...f.item,
        score:
          request.mode === 'vector'
            ? f.item.similarity
            : request.mode === 'fulltext'
              ? 1 / textRank!
              : f.score,
        vectorRank: f.ranks[0],
        textRank,
        match: matchOf(relevance, f.item.similarity, wordMatch),
        wordMatch,
        sourceChanged: states.get(f.item.documentId)?.changedAt ?? null,
      };
    }),
    leftOut,
  });
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST']);
  const caller = await callerOrRefusal(request, 'search your documents');
  if (caller instanceof Response) return caller;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = SearchRequest.safeParse(read.body);
  if (!parsed.success) return problem(400, 'invalid_request', describeIssues(parsed.error.issues));
  try {
    return await search(caller, parsed.data);
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    return json(
      {
        code: 'search_failed',
        step: error.step,
        message: `${error.step} failed: ${error.message}`,
      },
      502,
    );
  }
});
