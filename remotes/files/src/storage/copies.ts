// Copies of one object: refused when the name is taken (the person is asked), replacing in one
// request, or beside it under a numbered "keep both" name.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeFailure } from '../failures.js';
import { isNameTaken, keepBothName } from '../upload/checks.js';
import { KEEP_BOTH_RETRIES, keepBothNamesTaken } from './names-taken.js';

export type CopyOutcome =
  | { kind: 'copied'; key: string }
  | { kind: 'exists'; key: string }
  | { kind: 'refused'; reason: string };

/**
 * Copies one object to `to`. A name that is taken is refused by storage and answered as
 * `exists` (the person is asked); with `replace` the copy takes its place, in one request
 * (`x-upsert`), so a refused replacement leaves the existing object as it was.
 */
export async function copyObject(
  supabase: SupabaseClient,
  bucket: string,
  from: string,
  to: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<CopyOutcome> {
  const files = supabase.storage.from(bucket);
  const { error } = await (replace ? files.setHeader('x-upsert', 'true') : files).copy(from, to);
  if (!error) return { kind: 'copied', key: to };
  if (!replace && isNameTaken(error)) return { kind: 'exists', key: to };
  return { kind: 'refused', reason: describeFailure(error) };
}

/**
 * Copies `from` beside `taken` (a name that exists) under the first free numbered name
 * (`b copy (1).txt`…), numbering past the names storage finds (`keepBothNamesTaken`), never
 * over one: a name taken meanwhile is refused by storage and the next is tried.
 */
export async function copyKeepingBoth(
  supabase: SupabaseClient,
  bucket: string,
  from: string,
  taken: string,
): Promise<CopyOutcome> {
  const known = new Set([taken]);
  for (let attempt = 0; ; attempt += 1) {
    // Unread, the names known here are all there is; one taken after all is refused and skipped.
    const found = await keepBothNamesTaken(supabase, bucket, taken).catch(() => new Set<string>());
    const name = keepBothName(taken, new Set([...known, ...found]));
    const outcome = await copyObject(supabase, bucket, from, name);
    if (outcome.kind !== 'exists' || attempt >= KEEP_BOTH_RETRIES) return outcome;
    known.add(name);
  }
}
