/**
 * search-documents: each signed-in user's private document index, searched by meaning of the
 * words (embeddings from `_shared/embedding.ts`), stored in a vector bucket.
 *
 * Every call is `POST /search-documents` with a JSON body and the caller's session JWT
 * (`Authorization: Bearer <access token>`; supabase-js sends it). Anonymous callers (no user)
 * get 401. The function talks to the vector store with the service-role key, so it is the
 * function that keeps users apart: every vector key is `<user id>/<document id>` and carries
 * `metadata.owner = <user id>`; queries filter on the owner, and lookups only ever name the
 * caller's own keys.
 *
 *   { "action": "add", "documents": [{ "id": "faq-1", "title": "Refunds", "text": "…",
 *                                      "metadata": { "tag": "billing" } }] }
 *     → { "added": 1, "ids": ["faq-1"] }               1–100 documents; an existing id is replaced
 *   { "action": "query", "query": "how do I get my money back", "topK": 5, "where": { "tag": "billing" } }
 *     → { "results": [{ "id", "title", "score", "distance", "snippet", "metadata" }] }   best first;
 *       score = 1 − cosine distance; topK 1–50 (default 5); `where` = equality on metadata
 *   { "action": "get", "ids": ["faq-1"] }           → { "documents": [{ "id", "title", "snippet", "metadata" }] }
 *   { "action": "list", "limit": 100, "cursor": "…" } → { "documents": [...], "cursor": "…" | null }
 *   { "action": "delete", "ids": ["faq-1"] }        → { "deleted": ["faq-1"] }   (ids that do not exist are ignored)
 *
 * Document ids: 1–128 of letters, digits, `.`, `_`, `-`, `:`. Titles: 1–300 characters. Texts:
 * 1–20 000 characters with at least one letter or digit. `metadata`: up to 20 string, number
 * or boolean values (keys `owner`, `id`, `title`, `snippet` are the function's own).
 * Errors: `{ code, message }` with 400 (invalid_request), 401 (sign_in_required), 405, 415,
 * 502 (vector_store_failed: the vector API refused or is unreachable).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
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

const BUCKET = 'portal-documents';
const SNIPPET_LENGTH = 280;
const RESERVED_KEYS = ['owner', 'id', 'title', 'snippet'];

const embedder = createEmbedder((name) => Deno.env.get(name));
/** One index per embedding model: vectors of different models are not comparable. */
const INDEX = `documents-${embedder.model}`;

const admin: SupabaseClient = createClient(
  Deno.env.get('SUPABASE_URL')!,
  Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
  {
    auth: { persistSession: false, autoRefreshToken: false },
  },
);

const DocumentId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'ids are 1–128 letters, digits, ".", "_", "-" or ":"');
const Scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const Metadata = z
  .record(z.string().min(1).max(64), Scalar)
  .refine((value) => Object.keys(value).length <= 20, 'at most 20 metadata values')
  .refine(
    (value) => !Object.keys(value).some((key) => RESERVED_KEYS.includes(key)),
    `metadata keys ${RESERVED_KEYS.join(', ')} are reserved`,
  );
const Ids = z.array(DocumentId).min(1, 'name at least one id').max(100, 'at most 100 ids');

const SearchRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    documents: z
      .array(
        z.object({
          id: DocumentId,
          title: z.string().trim().min(1, 'a title is required').max(300),
          text: z
            .string()
            .max(20_000)
            .refine((text) => /[\p{L}\p{N}]/u.test(text), 'needs at least one letter or digit'),
          metadata: Metadata.optional(),
        }),
      )
      .min(1, 'add at least one document')
      .max(100, 'at most 100 documents per request')
      .refine(
        (docs) => new Set(docs.map((d) => d.id)).size === docs.length,
        'document ids must be unique within a request',
      ),
  }),
  z.object({
    action: z.literal('query'),
    query: z
      .string()
      .max(2_000)
      .refine((text) => /[\p{L}\p{N}]/u.test(text), 'needs at least one letter or digit'),
    topK: z.number().int().min(1).max(50).default(5),
    where: Metadata.optional(),
  }),
  z.object({ action: z.literal('get'), ids: Ids }),
  z.object({ action: z.literal('delete'), ids: Ids }),
  z.object({
    action: z.literal('list'),
    limit: z.number().int().min(1).max(1000).default(100),
    cursor: z.string().min(1).optional(),
  }),
]);
type SearchRequest = z.infer<typeof SearchRequest>;

class VectorStoreError extends Error {}

function orFail<T>(result: { data: T | null; error: { message: string } | null }, step: string): T {
  if (result.error || result.data === null)
    throw new VectorStoreError(`${step}: ${result.error?.message ?? 'no answer'}`);
  return result.data;
}

function isConflict(error: { status?: number; statusCode?: string } | null): boolean {
  return !!error && (error.status === 409 || /conflict|exists/i.test(error.statusCode ?? ''));
}

let ready: Promise<void> | null = null;
/** The bucket and index are made on first use; "already exists" is fine. */
function ensureIndex(): Promise<void> {
  ready ??= (async () => {
    const bucket = await admin.storage.vectors.createBucket(BUCKET);
    if (bucket.error && !isConflict(bucket.error))
      orFail(bucket, `creating vector bucket ${BUCKET}`);
    const index = await admin.storage.vectors.from(BUCKET).createIndex({
      indexName: INDEX,
      dataType: 'float32',
      dimension: embedder.dimension,
      distanceMetric: 'cosine',
      metadataConfiguration: { nonFilterableMetadataKeys: ['snippet'] },
    });
    if (index.error && !isConflict(index.error)) orFail(index, `creating vector index ${INDEX}`);
  })().catch((error) => {
    ready = null;
    throw error;
  });
  return ready;
}

const vectors = () => admin.storage.vectors.from(BUCKET).index(INDEX);
const keyOf = (owner: string, id: string) => `${owner}/${id}`;

interface StoredMetadata {
  owner?: string;
  id?: string;
  title?: string;
  snippet?: string;
  [key: string]: unknown;
}

function present(metadata: StoredMetadata | undefined) {
  const { owner: _owner, id, title, snippet, ...rest } = metadata ?? {};
  return { id, title, snippet, metadata: rest };
}

async function handle(owner: string, request: SearchRequest): Promise<Response> {
  await ensureIndex();
  switch (request.action) {
    case 'add': {
      const embeddings = await embedder.embed(
        request.documents.map((doc) => `${doc.title}\n${doc.text}`),
      );
      orFail(
        await vectors().putVectors({
          vectors: request.documents.map((doc, i) => ({
            key: keyOf(owner, doc.id),
            data: { float32: embeddings[i]! },
            metadata: {
              ...doc.metadata,
              owner,
              id: doc.id,
              title: doc.title,
              snippet: doc.text.slice(0, SNIPPET_LENGTH),
            },
          })),
        }),
        'storing vectors',
      );
      return json({ added: request.documents.length, ids: request.documents.map((doc) => doc.id) });
    }
    case 'query': {
      const [queryVector] = await embedder.embed([request.query]);
      const where = Object.entries(request.where ?? {}).map(([key, value]) => ({ [key]: value }));
      const found = orFail(
        await vectors().queryVectors({
          queryVector: { float32: queryVector! },
          topK: request.topK,
          filter: where.length > 0 ? { $and: [{ owner }, ...where] } : { owner },
          returnDistance: true,
          returnMetadata: true,
        }),
        'querying vectors',
      );
      const results = found.vectors
        // The filter already keeps others' vectors out; this keeps them out whatever happens.
        .filter((match) => (match.metadata as StoredMetadata | undefined)?.owner === owner)
        .map((match) => ({
          ...present(match.metadata as StoredMetadata),
          distance: match.distance ?? null,
          score: match.distance === undefined ? null : 1 - match.distance,
        }));
      return json({ results });
    }
    case 'get': {
      const found = orFail(
        await vectors().getVectors({
          keys: request.ids.map((id) => keyOf(owner, id)),
          returnMetadata: true,
        }),
        'reading vectors',
      );
      const documents = found.vectors
        .filter((match) => (match.metadata as StoredMetadata | undefined)?.owner === owner)
        .map((match) => present(match.metadata as StoredMetadata));
      return json({ documents });
    }
    case 'delete': {
      orFail(
        await vectors().deleteVectors({ keys: request.ids.map((id) => keyOf(owner, id)) }),
        'deleting vectors',
      );
      return json({ deleted: request.ids });
    }
    case 'list': {
      // ListVectors cannot filter, so pages are read until enough of the caller's own are found.
      const documents: ReturnType<typeof present>[] = [];
      let cursor = request.cursor;
      do {
        const page = orFail(
          await vectors().listVectors({
            maxResults: 1000,
            returnMetadata: true,
            ...(cursor ? { nextToken: cursor } : {}),
          }),
          'listing vectors',
        );
        for (const match of page.vectors) {
          if ((match.metadata as StoredMetadata | undefined)?.owner === owner)
            documents.push(present(match.metadata as StoredMetadata));
        }
        cursor = page.nextToken;
      } while (cursor && documents.length < request.limit);
      return json({ documents: documents.slice(0, request.limit), cursor: cursor ?? null });
    }
  }
}

/** The caller's user id, from their session JWT, checked with Supabase Auth. */
async function callerId(request: Request): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) return null;
  const { data, error } = await admin.auth.getUser(token);
  return error || !data.user ? null : data.user.id;
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST']);
  const owner = await callerId(request);
  if (!owner)
    return problem(
      401,
      'sign_in_required',
      'Sign in to search your documents: the request carries no user session.',
    );
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = SearchRequest.safeParse(read.body);
  if (!parsed.success) return problem(400, 'invalid_request', describeIssues(parsed.error.issues));
  try {
    return await handle(owner, parsed.data);
  } catch (error) {
    if (error instanceof VectorStoreError)
      return problem(502, 'vector_store_failed', error.message);
    throw error;
  }
});
