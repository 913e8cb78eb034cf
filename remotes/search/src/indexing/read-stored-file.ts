// A file in the person's storage → the document read from it: downloaded with their own rights
// through the shell's client, then read as a picked file would be.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StorageSource } from '../data-access/search-api.js';
import { downloadStoredFile } from '../data-access/storage-files.js';
import { readDocumentFile, type ReadDocument } from '../text/extract-text.js';

export async function readStoredFile(
  supabase: SupabaseClient,
  source: StorageSource,
): Promise<ReadDocument> {
  const blob = await downloadStoredFile(supabase, source);
  return readDocumentFile(blob, source.path.slice(source.path.lastIndexOf('/') + 1));
}
