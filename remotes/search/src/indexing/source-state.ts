// Where the stored file a document was taken from stands, in words (the database follows the
// file: supabase/migrations/20250115000000_search_follows_storage.sql).
import type { DocumentSummary } from '../data-access/search-api.js';

/** Where a document's stored file stands, when it is not simply there and unchanged. */
export function sourceStateInWords(
  doc: Pick<DocumentSummary, 'storage_path' | 'source_status' | 'source_changed_at'>,
): string | null {
  if (doc.storage_path === null) return null;
  switch (doc.source_status) {
    case 'trashed':
      return 'Its file is in the trash: restore it in Files to search it again.';
    case 'deleted':
      return 'Its file was deleted: it is no longer searched. You can delete it from your documents.';
    case 'out_of_reach':
      return 'Its file was moved where you cannot read it: it is no longer searched.';
    case 'present':
      return doc.source_changed_at
        ? 'Its file changed since it was added: re-index it to search what it holds now.'
        : null;
  }
}

