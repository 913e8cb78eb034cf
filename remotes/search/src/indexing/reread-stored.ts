// Re-indexing a document taken from storage: its file is read again (it may have changed) and
// indexed whole as a new document that replaces the old one once ready, so a failure at any step
// leaves the old version as it was.
import type { SupabaseClient } from '@supabase/supabase-js';
import { addDocument, type DocumentSummary } from '../data-access/search-api.js';
import { prepareDocument } from './prepare-document.js';
import { readStoredFile } from './read-stored-file.js';

export async function rereadStoredDocument(
  supabase: SupabaseClient,
  doc: Pick<DocumentSummary, 'id'> & { storage_path: string },
): Promise<DocumentSummary> {
  const storage = { bucket: 'files' as const, path: doc.storage_path };
  const read = await readStoredFile(supabase, storage);
  return addDocument(supabase, prepareDocument(read, { storage, replaces: doc.id }));
}
