// Moving files and folders into another folder — of the same area, or between My files and a
// project (one bucket, so storage's own move) — as one change: names that exist there are found
// first and the person chooses for each (replace: what is there goes to the trash first, so it can
// be restored; keep both: a free numbered name), then every object moves, or none does
// (`moveAllOrNothing` puts back what it moved when one is refused).
import type { SupabaseClient } from '@supabase/supabase-js';
import { asFolder, type PlannedMove } from './folder-ops.js';
import { keepBothNamesTaken, namesTakenIn } from './storage/names-taken.js';
import { keysUnderFolders, listKeysUnder } from './storage/folder-contents.js';
import { moveAllOrNothing, type MoveOutcome } from './storage/moves.js';
import type { Area } from './places.js';
import type { Entry } from './storage/folder-page.js';
import { areaRootOf, planTrash } from './trash.js';
import { keepBothName } from './upload/checks.js';

/** What becomes of one moved entry: its name at the target, and whether it replaces what is there. */
export interface MoveChoice {
  entry: Entry;
  name: string;
  replace: boolean;
}

/** Why `entries` cannot go into `target` at all, in words; null when they can. */
export function moveProblem(entries: readonly Entry[], from: string, target: string): string | null {
  const into = asFolder(target);
  if (areaRootOf(into) === null) return 'Choose a folder in My files or in one of your projects.';
  if (into === asFolder(from)) return 'They are in this folder already.';
  for (const entry of entries)
    if (entry.kind === 'folder' && into.startsWith(asFolder(entry.key)))
      return `“${entry.name}” cannot be moved into itself.`;
  return null;
}

/** The entries whose name is taken in `target` (one of `places`, which a refusal names it by). */
export async function takenAt(
  supabase: SupabaseClient,
  bucket: string,
  target: string,
  entries: readonly Entry[],
  places: readonly Area[],
): Promise<Entry[]> {
  const taken = await namesTakenIn(
    supabase,
    bucket,
    asFolder(target),
    entries.map((entry) => entry.name),
    places,
  );
  return entries.filter((entry) => taken.has(entry.name));
}

/** The first free numbered name for `name` in `target` ("keep both"). */
export async function freeNameIn(
  supabase: SupabaseClient,
  bucket: string,
  target: string,
  name: string,
): Promise<string> {
  const key = `${asFolder(target)}${name}`;
  const found = await keepBothNamesTaken(supabase, bucket, key);
  return keepBothName(name, new Set([name, ...[...found].map((taken) => taken.slice(asFolder(target).length))]));
}

/**
 * The object moves of `choices` into `target`, the replaced entries' trip to the trash first
 * (`places`: the person's, which a refusal to list a folder names it by).
 */
export async function planMoves(
  supabase: SupabaseClient,
  bucket: string,
  target: string,
  choices: readonly MoveChoice[],
  places: readonly Area[],
  deletedAt = Date.now(),
): Promise<PlannedMove[]> {
  const into = asFolder(target);
  const inside = await keysUnderFolders(
    supabase,
    bucket,
    choices.map((choice) => choice.entry),
    places,
  );
  const replaced = choices.filter((choice) => choice.replace);
  const existing: Record<string, string[]> = {};
  for (const choice of replaced)
    if (choice.entry.kind === 'folder')
      existing[`${into}${choice.name}/`] = await listKeysUnder(supabase, bucket, `${into}${choice.name}/`, places);
  const toTrash =
    replaced.length === 0
      ? []
      : planTrash(
          areaRootOf(into)!,
          into,
          replaced.map((choice) =>
            choice.entry.kind === 'folder'
              ? { kind: 'folder' as const, key: `${into}${choice.name}/` }
              : { kind: 'file' as const, key: `${into}${choice.name}` },
          ),
          existing,
          deletedAt,
        );
  const moves = choices.flatMap((choice) => {
    const { entry } = choice;
    if (entry.kind === 'file') return [{ from: entry.key, to: `${into}${choice.name}` }];
    const prefix = asFolder(entry.key);
    return (inside[entry.key] ?? []).map((key) => ({
      from: key,
      to: `${into}${choice.name}/${key.slice(prefix.length)}`,
    }));
  });
  return [...toTrash, ...moves.filter((move) => move.from !== move.to)];
}

/** Moves `choices` into `target`: all of it, or nothing (see moveAllOrNothing). */
export async function moveEntries(
  supabase: SupabaseClient,
  bucket: string,
  target: string,
  choices: readonly MoveChoice[],
  places: readonly Area[],
): Promise<MoveOutcome> {
  return moveAllOrNothing(supabase, bucket, await planMoves(supabase, bucket, target, choices, places));
}
