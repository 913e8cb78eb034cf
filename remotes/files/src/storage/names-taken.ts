// Which names are taken in a folder, by storage's search on the start of a name, so only those
// entries are read however large the folder: the exact names a move or restore would take, and
// the numbered names "keep both" could pick.
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import { placeInWords, type Area } from '../places.js';
import { nameParts } from '../upload/checks.js';

/**
 * The names in `key`'s folder that "keep both" could pick for it (`photo (1).png`…): storage's
 * search by the start of the name, so only those entries are read, however large the folder.
 */
export async function keepBothNamesTaken(
  supabase: SupabaseClient,
  bucket: string,
  key: string,
): Promise<Set<string>> {
  const { folder, stem } = nameParts(key);
  const taken = new Set<string>();
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const { data, error } = await supabase.storage.from(bucket).list(folder.replace(/\/$/, ''), {
      search: `${stem} (`,
      limit,
      offset,
      sortBy: { column: 'name', order: 'asc' },
    });
    if (error) throw filesFailure(error);
    for (const entry of data) taken.add(`${folder}${entry.name}`);
    if (data.length < limit) return taken;
  }
}

/**
 * Which of `names` exist in `folder` (as a file or a folder): storage's search by the start of a
 * name, one short request each, however large the folder. A refusal names the folder as one of
 * the person's `places`.
 */
export async function namesTakenIn(
  supabase: SupabaseClient,
  bucket: string,
  folder: string,
  names: readonly string[],
  places: readonly Area[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  const what = `What is in “${placeInWords(places, bucket, folder)}” could not be read`;
  await Promise.all(
    names.map(async (name) => {
      const { data, error } = await supabase.storage
        .from(bucket)
        .list(folder.replace(/\/$/, ''), { search: name, limit: 100, sortBy: { column: 'name', order: 'asc' } });
      if (error) throw filesFailure(error, what);
      if (data.some((entry) => entry.name === name)) taken.add(name);
    }),
  );
  return taken;
}

/** How many times a "keep both" name taken meanwhile (storage refuses it) is replaced by the next. */
export const KEEP_BOTH_RETRIES = 3;
