// A folder's whole content, page after page of a thousand: every object name under it however
// deep (what a folder's move, copy or delete changes), and the folders directly in it (the folder
// picker's).
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import { placeInWords, type Area } from '../places.js';
import { areaRootOf, TRASH_FOLDER } from '../trash.js';
import { nameOfKey, type Entry } from './folder-page.js';

/**
 * Every object name under `prefix` (a folder's whole content, however deep), page by page; a
 * refusal names the folder as one of the person's `places` ("My files / archive").
 */
export async function listKeysUnder(
  supabase: SupabaseClient,
  bucket: string,
  prefix: string,
  places: readonly Area[],
): Promise<string[]> {
  const keys: string[] = [];
  const what = `What is in “${placeInWords(places, bucket, prefix)}” could not be listed`;
  for await (const page of everyPage(supabase, bucket, { prefix }, what))
    keys.push(...page.objects.map((o) => o.key ?? o.name));
  return keys;
}

type ListOptions = NonNullable<Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0]>;
type ListPage = NonNullable<Awaited<ReturnType<ReturnType<SupabaseClient['storage']['from']>['listV2']>>['data']>;

/** Every page of a listing, a thousand entries each, following its cursor; a refusal said after `what`. */
export async function* everyPage(
  supabase: SupabaseClient,
  bucket: string,
  options: Omit<ListOptions, 'limit' | 'cursor'>,
  what: string,
): AsyncGenerator<ListPage> {
  let cursor: string | undefined;
  do {
    const { data, error } = await supabase.storage.from(bucket).listV2({
      ...options,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    if (error) throw filesFailure(error, what);
    yield data;
    cursor = data.hasNext ? data.nextCursor : undefined;
  } while (cursor);
}

/** The objects under each selected folder, keyed by the folder's key (files need no lookup). */
export async function keysUnderFolders(
  supabase: SupabaseClient,
  bucket: string,
  selected: readonly Entry[],
  places: readonly Area[],
): Promise<Record<string, string[]>> {
  const folders = selected.filter((entry) => entry.kind === 'folder');
  const lists = await Promise.all(
    folders.map((entry) =>
      listKeysUnder(supabase, bucket, entry.key.endsWith('/') ? entry.key : `${entry.key}/`, places),
    ),
  );
  return Object.fromEntries(folders.map((entry, index) => [entry.key, lists[index]!]));
}

/**
 * The folders directly in `folder` (the trash of an area left out), for the folder picker; a
 * refusal names the folder as one of the person's `places` ("The folders in “My files”…").
 */
export async function listSubfolders(
  supabase: SupabaseClient,
  bucket: string,
  folder: string,
  places: readonly Area[],
): Promise<string[]> {
  const names: string[] = [];
  const listing = { prefix: folder, with_delimiter: true, sortBy: { column: 'name', order: 'asc' } } as const;
  const what = `The folders in “${placeInWords(places, bucket, folder)}” could not be listed`;
  for await (const page of everyPage(supabase, bucket, listing, what)) {
    for (const f of page.folders) {
      const name = nameOfKey(f.key ?? f.name);
      if (!(name === TRASH_FOLDER && areaRootOf(folder) === folder)) names.push(name);
    }
  }
  return names;
}
