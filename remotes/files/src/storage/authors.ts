// Who last changed each object (storage's `owner_id`, read through `files_object_authors`), and
// how a page names them.
import type { Database } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';

/** Who uploaded or last changed (or moved) an object, as the person may know them. */
export interface Author {
  id: string;
  /** Their display name, when the person may read their profile. */
  name: string | null;
}

/**
 * How a page names an author: "You", else their display name as the portal's profiles store has
 * it now (`useProfiles()`, followed live), else as the database said when the listing was read,
 * else "Someone else" (a person who set no name, or whom this person may not see).
 */
export function authorName(
  author: Author,
  me: string | null,
  profiles: ReadonlyMap<string, { name: string | null }>,
): string {
  if (author.id === me) return 'You';
  return profiles.get(author.id)?.name ?? author.name ?? 'Someone else';
}

/** The author of each of `keys` the person may read (storage records the last writer). */
export async function objectAuthors(
  supabase: SupabaseClient<Database>,
  bucket: string,
  keys: readonly string[],
): Promise<Map<string, Author>> {
  const authors = new Map<string, Author>();
  if (keys.length === 0) return authors;
  const { data, error } = await supabase.rpc('files_object_authors', {
    p_bucket: bucket,
    p_names: [...keys],
  });
  if (error) throw filesFailure(error);
  for (const row of data) if (row.author_id) authors.set(row.name, { id: row.author_id, name: row.display_name });
  return authors;
}
