// Moves of objects as one change: all made, or put back; and a batch that did not happen, in words.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeFailure } from '../failures.js';
import type { PlannedMove } from '../folder-ops.js';
import { placeInWords, type Area } from '../places.js';
import { isNameTaken } from '../upload/checks.js';
import { nameOfKey } from './folder-page.js';

/** How a batch of moves ended: all made, or none (put back), or stopped with some stuck. */
export type MoveOutcome =
  | { kind: 'moved'; count: number }
  /** One move was refused; the ones made before it were moved back: nothing changed. */
  | { kind: 'refused'; failed: PlannedMove; reason: string }
  /** One move was refused, and some made before it could not be moved back either. */
  | { kind: 'stuck'; failed: PlannedMove; reason: string; stuck: PlannedMove[] };

/**
 * Makes `moves` one by one (storage moves one object per request) as one change from the
 * person's view: at the first refusal the moves already made are made backwards, newest first, so
 * nothing is left half moved. Only when putting back fails too are some objects left at their new
 * names, and the outcome names them. Storage's move keeps the object (its id, share links, search
 * document); across buckets it would be a copy and a delete, which no area of the files remote
 * needs: My files and every project live in the one `files` bucket.
 */
export async function moveAllOrNothing(
  supabase: SupabaseClient,
  bucket: string,
  moves: readonly PlannedMove[],
): Promise<MoveOutcome> {
  const files = supabase.storage.from(bucket);
  const made: PlannedMove[] = [];
  for (const move of moves) {
    const { error } = await files.move(move.from, move.to).catch((thrown: unknown) => ({ error: thrown }));
    if (!error) {
      made.push(move);
      continue;
    }
    const reason = isNameTaken(error) ? `“${nameOfKey(move.to)}” exists there already` : describeFailure(error);
    const stuck: PlannedMove[] = [];
    for (const done of made.reverse()) {
      const back = await files.move(done.to, done.from).catch((thrown: unknown) => ({ error: thrown }));
      if (back.error) stuck.push(done);
    }
    return stuck.length === 0
      ? { kind: 'refused', failed: move, reason }
      : { kind: 'stuck', failed: move, reason, stuck };
  }
  return { kind: 'moved', count: made.length };
}

/**
 * A batch of moves in `bucket` that did not happen, in words (`what`: "move", "restore"…); files
 * left at their new names are named as places of the person's (`places`: "My files / a.txt").
 */
export function moveFailureInWords(
  outcome: Exclude<MoveOutcome, { kind: 'moved' }>,
  what: string,
  bucket: string,
  places: readonly Area[],
): string {
  const refused = `storage refused to ${what} “${nameOfKey(outcome.failed.from)}”: ${outcome.reason}.`;
  if (outcome.kind === 'refused') return `Nothing was changed: ${refused}`;
  const stuck = outcome.stuck.map((move) => `“${placeInWords(places, bucket, move.to)}”`).join(', ');
  return `This stopped half-way: ${refused} ${outcome.stuck.length} ${
    outcome.stuck.length === 1 ? 'file' : 'files'
  } could not be put back and ${outcome.stuck.length === 1 ? 'is' : 'are'} now at ${stuck}.`;
}
