// The trash's objects in storage: what is in an area's trash, and deleting objects for good (the
// trash as object names is ../trash.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import { trashFolderOf, trashItems, type TrashItem } from '../trash.js';
import { everyPage } from './folder-contents.js';

/** Deletes objects for good, a thousand at a time; says how many storage deleted. */
export async function removeKeys(
  supabase: SupabaseClient,
  bucket: string,
  keys: readonly string[],
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < keys.length; i += 1000) {
    const { data, error } = await supabase.storage.from(bucket).remove(keys.slice(i, i + 1000));
    if (error) throw filesFailure(error);
    removed += data.length;
  }
  return removed;
}

/** What is in an area's trash, newest deletion first. */
export async function listTrash(
  supabase: SupabaseClient,
  bucket: string,
  root: string,
): Promise<TrashItem[]> {
  const prefix = trashFolderOf(root);
  const objects: { key: string; size: number | null }[] = [];
  for await (const page of everyPage(supabase, bucket, { prefix }, 'The trash could not be read'))
    for (const o of page.objects)
      objects.push({
        key: o.key ?? o.name,
        size: typeof o.metadata?.size === 'number' ? o.metadata.size : null,
      });
  return trashItems(root, objects);
}
