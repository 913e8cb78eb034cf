// The only code that calls the backend: the `documents` and `search-documents` functions,
// through the shell's supabase-js client (which sends the person's session JWT; the functions
// take the owner from it). Errors come back as SearchApiError with the function's code, the
// step that failed and its message in words.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Passage } from '../passages/split-passages.js';
import type { SourceKind } from '../text/extract-text.js';

export type SearchMode = 'hybrid' | 'vector' | 'fulltext';

export interface DocumentSummary {
  id: string;
  title: string;
  source: SourceKind;
  file_name: string | null;
  status: 'indexing' | 'ready';
  passage_count: number;
  model: string | null;
  created_at: string;
  indexed_at: string | null;
}

export interface StoredPassage {
  passage_index: number;
  heading: string | null;
  content: string;
  start_offset: number;
  end_offset: number;
}

export interface SearchResult {
  documentId: string;
  passageIndex: number;
  title: string;
  source: SourceKind;
  created: string;
  heading: string | null;
  text: string;
  similarity: number | null;
  score: number | null;
  vectorRank: number | null;
  textRank: number | null;
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

async function call<T>(
  supabase: SupabaseClient,
  name: 'documents' | 'search-documents',
  body: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await supabase.functions.invoke(name, { body });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) {
    const problem = (await (error.context as Response).json().catch(() => null)) as {
      code?: string;
      message?: string;
      step?: string;
      msg?: string;
    } | null;
    throw new SearchApiError(
      problem?.message ?? problem?.msg ?? error.message,
      problem?.code ?? 'http_error',
      problem?.step ?? null,
    );
  }
  throw new SearchApiError(
    `The ${name} function could not be reached: ${(error as Error).message}`,
    'unreachable',
    null,
  );
}

export const addDocument = (
  supabase: SupabaseClient,
  doc: { title: string; source: SourceKind; fileName?: string; body: string; passages: Passage[] },
) =>
  call<{ document: DocumentSummary }>(supabase, 'documents', {
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
    })),
  }).then((r) => r.document);

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
  call<{ results: SearchResult[] }>(supabase, 'search-documents', {
    action: 'query',
    query,
    ...filters,
  }).then((r) => r.results);

export const similarPassages = (
  supabase: SupabaseClient,
  documentId: string,
  passageIndex: number,
  filters: SearchFilters,
) =>
  call<{ results: SearchResult[] }>(supabase, 'search-documents', {
    action: 'similar',
    documentId,
    passageIndex,
    ...filters,
  }).then((r) => r.results);
