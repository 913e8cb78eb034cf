// The only code that calls the backend: the `documents` and `search-documents` functions,
// through the shell's supabase-js client (which sends the person's session JWT; the functions
// take the owner from it). Errors come back as SearchApiError with the function's code, the
// step that failed and its message in words. Adding a document asks for its progress as a
// stream of events (embed, store, done or failed), so each step shows as it happens.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { UNREACHABLE } from '../failures.js';
import type { Passage } from '../passages/split-passages.js';
import type { SourceKind } from '../text/extract-text.js';

export type SearchMode = 'hybrid' | 'vector' | 'fulltext';

export interface DocumentSummary {
  id: string;
  title: string;
  source: SourceKind;
  file_name: string | null;
  storage_bucket: string | null;
  storage_path: string | null;
  /**
   * Where the stored file the document was taken from stands (the database follows it): there,
   * in a Trash folder, deleted, or moved where the person may not read it. Only `present`
   * documents are searched.
   */
  source_status: SourceStatus;
  /** When that file's content changed since the document was added; null: unchanged. */
  source_changed_at: string | null;
  status: 'indexing' | 'ready';
  passage_count: number;
  model: string | null;
  created_at: string;
  indexed_at: string | null;
}

export type SourceStatus = 'present' | 'trashed' | 'deleted' | 'out_of_reach';

export interface StoredPassage {
  passage_index: number;
  heading: string | null;
  content: string;
  start_offset: number;
  end_offset: number;
  page_first: number | null;
  page_last: number | null;
}

export interface PageRange {
  first: number;
  last: number;
}

/** A passage as the remote sends it: the splitter's range, and its pages for a PDF. */
export type PassageToAdd = Passage & { pages?: PageRange };

/** Where a document picked from storage was read, so re-indexing can read it again. */
export interface StorageSource {
  bucket: 'files';
  path: string;
}

export type IndexProgress = { step: 'embed'; done: number; total: number } | { step: 'store' };

export interface SearchResult {
  documentId: string;
  passageIndex: number;
  title: string;
  source: SourceKind;
  created: string;
  heading: string | null;
  text: string;
  pages: PageRange | null;
  similarity: number | null;
  score: number | null;
  vectorRank: number | null;
  textRank: number | null;
  /** How well it matches: by words and meaning, by one of them, or by neither. */
  match: 'strong' | 'good' | 'weak';
  /** Whether it holds a word of the query; null for "more like this". */
  wordMatch: boolean | null;
  /** When the stored file its document was taken from changed since, or null. */
  sourceChanged: string | null;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** How many of the person's documents are not searched: their file is gone or in the trash. */
  leftOut: number;
}

export interface SearchFilters {
  mode: SearchMode;
  sources?: SourceKind[];
  /** ISO date-times; `to` is exclusive. */
  from?: string;
  to?: string;
  topK?: number;
}

export class SearchApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly step: string | null,
  ) {
    super(message);
    this.name = 'SearchApiError';
  }
}

type FunctionName = 'documents' | 'search-documents';

async function apiError(name: FunctionName, error: Error): Promise<SearchApiError> {
  if (error instanceof FunctionsHttpError) {
    const problem = (await (error.context as Response).json().catch(() => null)) as {
      code?: string;
      message?: string;
      step?: string;
      msg?: string;
    } | null;
    return new SearchApiError(
      problem?.message ?? problem?.msg ?? error.message,
      problem?.code ?? 'http_error',
      problem?.step ?? null,
    );
  }
  // The relay answered that the function itself failed (boot, crash, time limit).
  if (error.name === 'FunctionsRelayError')
    return new SearchApiError(`The ${name} function could not run: ${error.message}`, 'http_error', null);
  // No answer at all (functions-js's FunctionsFetchError): never the browser's own words.
  return new SearchApiError(UNREACHABLE, 'unreachable', null);
}

async function call<T>(
  supabase: SupabaseClient,
  name: FunctionName,
  body: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await supabase.functions.invoke(name, { body });
  if (error) throw await apiError(name, error as Error);
  return data as T;
}

export interface DocumentToAdd {
  title: string;
  source: SourceKind;
  fileName?: string;
  body: string;
  passages: PassageToAdd[];
  storage?: StorageSource;
  /** A document of theirs this one replaces once it is ready (re-reading a stored file). */
  replaces?: string;
}

/**
 * Embeds and stores a document; `onProgress` hears each step as the function reaches it. A
 * failure at any step throws a SearchApiError naming the step; the function has then left
 * nothing of the document behind.
 */
export async function addDocument(
  supabase: SupabaseClient,
  doc: DocumentToAdd,
  onProgress: (progress: IndexProgress) => void = () => undefined,
): Promise<DocumentSummary> {
  const { data, error } = await supabase.functions.invoke('documents', {
    body: {
      action: 'add',
      title: doc.title,
      source: doc.source,
      ...(doc.fileName ? { fileName: doc.fileName } : {}),
      body: doc.body,
      passages: doc.passages.map((p) => ({
        heading: p.heading,
        text: p.text,
        start: p.start,
        end: p.end,
        ...(p.pages ? { pageFirst: p.pages.first, pageLast: p.pages.last } : {}),
      })),
      ...(doc.storage ? { storage: doc.storage } : {}),
      ...(doc.replaces ? { replaces: doc.replaces } : {}),
    },
    headers: { Accept: 'text/event-stream' },
  });
  if (error) throw await apiError('documents', error as Error);
  if (!(data instanceof Response) || !data.body) {
    throw new SearchApiError(
      'The documents function did not answer with its progress.',
      'http_error',
      null,
    );
  }
  const reader = data.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let step: string | null = null;
  for (;;) {
    const read = await reader.read().catch((cause: Error) => {
      throw new SearchApiError(
        `The connection to the server broke while the document was being added (${cause.message}). Look at your documents to see whether it was added.`,
        'unreachable',
        step,
      );
    });
    if (read.done) break;
    const event = read.value;
    const payload = JSON.parse(event.data) as Record<string, unknown>;
    if (event.event === 'step') {
      const progress = payload as unknown as IndexProgress;
      step = progress.step;
      onProgress(progress);
    } else if (event.event === 'done') {
      return (payload as { document: DocumentSummary }).document;
    } else if (event.event === 'failed') {
      throw new SearchApiError(
        String(payload.message),
        String(payload.code),
        typeof payload.step === 'string' ? payload.step : step,
      );
    }
  }
  throw new SearchApiError(
    'The documents function stopped answering before the document was ready. Look at your documents to see whether it was added.',
    'unreachable',
    step,
  );
}

export const listDocuments = (supabase: SupabaseClient) =>
  call<{ documents: DocumentSummary[] }>(supabase, 'documents', { action: 'list' }).then(
    (r) => r.documents,
  );

export const getDocument = (supabase: SupabaseClient, id: string) =>
  call<{ document: DocumentSummary & { body: string }; passages: StoredPassage[] }>(
    supabase,
    'documents',
    { action: 'get', id },
  );

export const deleteDocuments = (supabase: SupabaseClient, ids: string[]) =>
  call<{ deleted: string[]; vectorsRemoved: number }>(supabase, 'documents', {
    action: 'delete',
    ids,
  });

export const reindexDocuments = (supabase: SupabaseClient, ids?: string[]) =>
  call<{ reindexed: string[] }>(supabase, 'documents', {
    action: 'reindex',
    ...(ids ? { ids } : {}),
  });

export const searchPassages = (supabase: SupabaseClient, query: string, filters: SearchFilters) =>
  call<SearchAnswer>(supabase, 'search-documents', {
    action: 'query',
    query,
    ...filters,
  });

export const similarPassages = (
  supabase: SupabaseClient,
  documentId: string,
  passageIndex: number,
  filters: SearchFilters,
) =>
  call<SearchAnswer>(supabase, 'search-documents', {
    action: 'similar',
    documentId,
    passageIndex,
    ...filters,
  });
