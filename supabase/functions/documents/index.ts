/**
 * Your documents for search: add one, list them, read one, prepare them for search again, or
 * delete them. Only you can see or change yours.
 *
 * documents: each signed-in person's own documents for search — add, list, read, re-index,
 * delete. A document's passages live twice: as rows in Postgres (`search_documents`,
 * `search_passages`, row level security: owner only; the full-text half of hybrid search) and as
 * vectors in the vector bucket `portal-search` (the meaning half; see `_shared/passage-index.ts`).
 * The owner is always the user of the verified session JWT, never a value from the body.
 *
 *   { "action": "add", "title": "Refunds", "source": "markdown", "fileName": "refunds.md",
 *     "body": "…the whole text…",
 *     "passages": [{ "heading": "Refunds", "text": "…", "start": 0, "end": 812,
 *                    "pageFirst": 1, "pageLast": 2 (PDF pages, optional) }, …],
 *     "storage": { "bucket": "files", "path": "<uid>/notes/refunds.md" } (optional: where the
 *       person's browser read the file, with their own rights; kept so re-indexing reads it again),
 *     "replaces": "<id>" (optional: once this one is ready, that document of theirs is deleted) }
 *     → { "document": { id, title, source, file_name, storage_bucket, storage_path, status: "ready", … } }
 *     Steps: embed every passage → write the document and its passages (one statement) → store
 *     the vectors → mark it ready. A failure leaves nothing behind (rows and vectors written so
 *     far are removed) and answers `{ code: "indexing_failed", step: "embed" | "store", message }`.
 *     With `Accept: text/event-stream` the answer is a stream of events instead, so the page can
 *     show each step as it happens: `step` `{ step: "embed", done, total }` (as batches of passages
 *     are embedded), `step` `{ step: "store" }`, then `done` `{ document }` or `failed`
 *     `{ code, step, message }`.
 *   { "action": "list" }                    → { "documents": [...] }   newest first, without body
 *     (a document taken from a stored file says where that file stands: `source_status`
 *     "present", "trashed", "deleted" or "out_of_reach", and `source_changed_at` once its content
 *     changed; the database follows the file, see 20250115000000_search_follows_storage.sql)
 *   { "action": "get", "id": "…" }          → { "document": {…, body}, "passages": [{ passage_index, heading, content, start_offset, end_offset }] }
 *   { "action": "reindex", "ids": [...] }   → { "reindexed": [...] }   embeds and stores again; no ids: all
 *   { "action": "delete", "ids": [...] }    → { "deleted": [...], "vectorsRemoved": n }   only the caller's ids count
 *
 * Errors: `{ code, message }` with 400 invalid_request, 401 sign_in_required,
 * 403 insufficient_aal (the person has a second factor this session has not used), 404 not_found,
 * 405, 415, 502 indexing_failed / vector_store_failed / database_failed (with `step`).
 */
import { z } from 'zod';
import { callerOrRefusal, type Caller } from '../_shared/caller.ts';
import { createEmbedder } from '../_shared/embedding.ts';
import {
  corsHeaders,
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

const embedder = createEmbedder((name) => Deno.env.get(name));
const index = passageIndex(embedder);

const SOURCES = ['paste', 'text', 'markdown', 'html', 'pdf'] as const;
const DocumentId = z.uuid('ids are document uuids');
const Ids = z.array(DocumentId).min(1, 'name at least one id').max(100, 'at most 100 ids');
const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);
/** Passages are embedded this many at a time, and the progress is reported after each batch. */
const EMBED_BATCH = 64;

const Passage = z
  .object({
    heading: z.string().max(300).nullable().optional(),
    text: z
      .string()
      .min(1)
      .max(8000, 'passages are at most 8000 characters')
      .refine(hasWord, 'needs at least one letter or digit'),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    pageFirst: z.number().int().min(1).optional(),
    pageLast: z.number().int().min(1).optional(),
  })
  .refine(
    (p) =>
      (p.pageFirst === undefined) === (p.pageLast === undefined) &&
      (p.pageFirst === undefined || p.pageLast! >= p.pageFirst),
    'pageFirst and pageLast come together, and pageLast is not before pageFirst',
  );

const StorageSource = z.object({
  bucket: z.literal('files', 'documents are read from the files bucket'),
  path: z
    .string()
    .min(1)
    .max(1024)
    .refine((path) => !path.split('/').includes('..'), 'a path has no ".." parts'),
});

const DocumentsRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    title: z.string().trim().min(1, 'a title is required').max(300),
    source: z.enum(SOURCES),
    fileName: z.string().max(300).optional(),
    body: z
      .string()
      .min(1)
      .max(1_000_000, 'documents are at most 1 000 000 characters')
      .refine(hasWord, 'needs at least one letter or digit'),
    passages: z
      .array(Passage)
      .min(1, 'a document needs at least one passage')
      .max(2000, 'at most 2000 passages per document'),
    storage: StorageSource.optional(),
    replaces: DocumentId.optional(),
  }),
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('get'), id: DocumentId }),
  z.object({ action: z.literal('reindex'), ids: Ids.optional() }),
  z.object({ action: z.literal('delete'), ids: Ids }),
]);
type DocumentsRequest = z.infer<typeof DocumentsRequest>;

interface DocumentRow {
  id: string;
  title: string;
  source: string;
  created_at: string;
  passage_count: number;
}
interface PassageRow {
  passage_index: number;
  heading: string | null;
  content: string;
  page_first: number | null;
  page_last: number | null;
}

const LISTED =
  'id, title, source, file_name, storage_bucket, storage_path, source_status, source_changed_at, status, passage_count, model, created_at, indexed_at';

type AddRequest = Extract<DocumentsRequest, { action: 'add' }>;
/** What `add` reports as it goes (as events when the caller asked for a stream). */
type Progress = (event: { step: 'embed'; done: number; total: number } | { step: 'store' }) => void;

function dbFailed(step: StepError['step'], what: string, error: { message: string }): StepError {
  return new StepError(step, `${what}: ${error.message}`);
}

function metadataOf(owner: string, doc: DocumentRow, passage: PassageRow): PassageMetadata {
  return {
    owner,
    document_id: doc.id,
    passage_index: passage.passage_index,
    title: doc.title,
    source: doc.source,
    created: Date.parse(doc.created_at),
    heading: passage.heading ?? '',
    text: passage.content,
    ...(passage.page_first !== null && passage.page_last !== null
      ? { page_first: passage.page_first, page_last: passage.page_last }
      : {}),
  };
}

/** What is embedded for a passage: its heading and title give it context. */
const embeddingText = (doc: { title: string }, passage: PassageRow) =>
  [doc.title, passage.heading, passage.content].filter(Boolean).join('\n');

async function embedPassages(
  doc: { title: string },
  passages: PassageRow[],
  progress: Progress = () => undefined,
): Promise<number[][]> {
  try {
    const texts = passages.map((p) => embeddingText(doc, p));
    const vectors: number[][] = [];
    progress({ step: 'embed', done: 0, total: texts.length });
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      vectors.push(...(await embedder.embed(texts.slice(i, i + EMBED_BATCH))));
      progress({ step: 'embed', done: vectors.length, total: texts.length });
    }
    return vectors;
  } catch (error) {
    throw new StepError(
      'embed',
      `embedding with ${embedder.model} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function add(caller: Caller, request: AddRequest, progress: Progress): Promise<unknown> {
  const passages: PassageRow[] = request.passages.map((p, i) => ({
    passage_index: i,
    heading: p.heading ?? null,
    content: p.text,
    page_first: p.pageFirst ?? null,
    page_last: p.pageLast ?? null,
  }));
  // 1. embed: nothing is written before every passage has its vector.
  const vectors = await embedPassages(request, passages, progress);
  // 2. store: the rows in one statement (all or nothing), then the vectors.
  progress({ step: 'store' });
  const inserted = await caller.db.rpc('search_add_document', {
    p_title: request.title,
    p_source: request.source,
    p_file_name: request.fileName ?? null,
    p_body: request.body,
    p_model: embedder.model,
    p_passages: request.passages.map((p) => ({
      heading: p.heading ?? null,
      text: p.text,
      start: p.start,
      end: p.end,
      ...(p.pageFirst !== undefined ? { pageFirst: p.pageFirst, pageLast: p.pageLast } : {}),
    })),
    p_storage_bucket: request.storage?.bucket ?? null,
    p_storage_path: request.storage?.path ?? null,
  });
  if (inserted.error) throw dbFailed('store', 'writing the document', inserted.error);
  const doc = inserted.data as DocumentRow;
  const keys = passages.map((p) => passageKey(caller.id, doc.id, p.passage_index));
  try {
    await index.put(
      passages.map((p, i) => ({
        key: keys[i]!,
        vector: vectors[i]!,
        metadata: metadataOf(caller.id, doc, p),
      })),
    );
    const done = await caller.db
      .from('search_documents')
      .update({ status: 'ready', indexed_at: new Date().toISOString() })
      .eq('id', doc.id)
      .select(LISTED)
      .single();
    if (done.error) throw dbFailed('store', 'marking the document ready', done.error);
    // The older version goes only once this one is ready (the caller's own, read under RLS).
    if (request.replaces && request.replaces !== doc.id) {
      await removeDocuments(caller, await ownDocuments(caller, [request.replaces]), 'store');
    }
    return { document: done.data };
  } catch (error) {
    // Nothing half-indexed: remove whatever part of this document was stored.
    await index.remove(keys, 'store').catch(() => undefined);
    await caller.db.from('search_documents').delete().eq('id', doc.id);
    throw error;
  }
}

async function ownDocuments(caller: Caller, ids: string[] | undefined): Promise<DocumentRow[]> {
  let query = caller.db
    .from('search_documents')
    .select('id, title, source, created_at, passage_count');
  if (ids) query = query.in('id', ids);
  const { data, error } = await query;
  if (error) throw dbFailed('store', 'reading documents', error);
  return data as DocumentRow[];
}

/** Answers `add` as one JSON body, or as a stream of progress events when the caller asks. */
function answerAdd(caller: Caller, request: AddRequest, wantsEvents: boolean): Promise<Response> | Response {
  if (!wantsEvents) {
    return add(caller, request, () => undefined).then((body) => json(body));
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // A caller that goes away does not stop the work: the document is still indexed whole or
      // not at all, and listing the documents shows which.
      const send = (event: string, data: unknown) => {
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          // the stream was cancelled by the caller
        }
      };
      try {
        send('done', await add(caller, request, (progress) => send('step', progress)));
      } catch (error) {
        const step = error instanceof StepError ? error.step : 'store';
        const message = error instanceof Error ? error.message : String(error);
        send('failed', { code: 'indexing_failed', step, message: `${step} failed: ${message}` });
      }
      try {
        controller.close();
      } catch {
        // the stream was cancelled by the caller
      }
    },
  });
  return new Response(stream, {
    headers: { ...corsHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
  });
}

async function reindex(caller: Caller, ids: string[] | undefined): Promise<Response> {
  const docs = await ownDocuments(caller, ids);
  const reindexed: string[] = [];
  for (const doc of docs) {
    const { data, error } = await caller.db
      .from('search_passages')
      .select('passage_index, heading, content, page_first, page_last')
      .eq('document_id', doc.id)
      .order('passage_index');
    if (error) throw dbFailed('store', `reading the passages of "${doc.title}"`, error);
    const passages = data as PassageRow[];
    const vectors = await embedPassages(doc, passages);
    await index.put(
      passages.map((p, i) => ({
        key: passageKey(caller.id, doc.id, p.passage_index),
        vector: vectors[i]!,
        metadata: metadataOf(caller.id, doc, p),
      })),
    );
    const done = await caller.db
      .from('search_documents')
      .update({ status: 'ready', model: embedder.model, indexed_at: new Date().toISOString() })
      .eq('id', doc.id);
    if (done.error) throw dbFailed('store', 'marking the document ready', done.error);
    reindexed.push(doc.id);
  }
  return json({ reindexed });
}

/** Removes documents read as the caller's own: their vectors, then their rows. */
async function removeDocuments(
  caller: Caller,
  docs: DocumentRow[],
  step: StepError['step'] = 'delete',
): Promise<number> {
  const keys = docs.flatMap((doc) =>
    Array.from({ length: doc.passage_count }, (_, i) => passageKey(caller.id, doc.id, i)),
  );
  if (keys.length > 0) await index.remove(keys, step);
  if (docs.length > 0) {
    const { error } = await caller.db
      .from('search_documents')
      .delete()
      .in(
        'id',
        docs.map((d) => d.id),
      );
    if (error) throw dbFailed(step, 'deleting documents', error);
  }
  return keys.length;
}

async function remove(caller: Caller, ids: string[]): Promise<Response> {
  // Only the caller's own documents come back from this read (RLS), so only their keys are named.
  const docs = await ownDocuments(caller, ids);
  const vectorsRemoved = await removeDocuments(caller, docs);
  return json({ deleted: docs.map((d) => d.id), vectorsRemoved });
}

async function handle(
  caller: Caller,
  request: DocumentsRequest,
  wantsEvents: boolean,
): Promise<Response> {
  switch (request.action) {
    case 'add':
      return answerAdd(caller, request, wantsEvents);
    case 'list': {
      const { data, error } = await caller.db
        .from('search_documents')
        .select(LISTED)
        .order('created_at', { ascending: false });
      if (error) throw dbFailed('store', 'listing documents', error);
      return json({ documents: data });
    }
    case 'get': {
      const doc = await caller.db
        .from('search_documents')
        .select(`${LISTED}, body`)
        .eq('id', request.id)
        .maybeSingle();
      if (doc.error) throw dbFailed('store', 'reading the document', doc.error);
      if (!doc.data) return problem(404, 'not_found', 'There is no such document among yours.');
      const passages = await caller.db
        .from('search_passages')
        .select('passage_index, heading, content, start_offset, end_offset, page_first, page_last')
        .eq('document_id', request.id)
        .order('passage_index');
      if (passages.error) throw dbFailed('store', 'reading the passages', passages.error);
      return json({ document: doc.data, passages: passages.data });
    }
    case 'reindex':
      return reindex(caller, request.ids);
    case 'delete':
      return remove(caller, request.ids);
  }
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST']);
  const caller = await callerOrRefusal(request, 'manage your documents');
  if (caller instanceof Response) return caller;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = DocumentsRequest.safeParse(read.body);
  if (!parsed.success) return problem(400, 'invalid_request', describeIssues(parsed.error.issues));
  try {
    const wantsEvents = (request.headers.get('Accept') ?? '').includes('text/event-stream');
    return await handle(caller, parsed.data, wantsEvents);
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    const code =
      parsed.data.action === 'add' || parsed.data.action === 'reindex'
        ? 'indexing_failed'
        : 'vector_store_failed';
    return json({ code, step: error.step, message: `${error.step} failed: ${error.message}` }, 502);
  }
});
