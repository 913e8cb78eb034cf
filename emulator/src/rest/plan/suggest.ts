// "Perhaps you meant …" hints: `closest` (edit distance) for the emulator's own messages, and
// `missingColumnHint`, Postgres' own hint for an undefined column (parse_relation.c).

function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(
        previous[j]! + 1,
        previous[j - 1]! + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The candidate nearest to `name`, if it is within a third of the name's length. */
export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.ceil(name.length / 3)) ? best : null;
}

/** Postgres' MAX_FUZZY_DISTANCE: farther names are never suggested. */
const MAX_FUZZY_DISTANCE = 3;

/**
 * Postgres' hint for `alias.name` when the column does not exist (errorMissingColumn): the
 * columns of that relation, in order, at the smallest edit distance that is at most 3 and at most
 * half the requested name's length; one such column or two make the hint, three or more none.
 * Computed fields are functions, not columns, and are never suggested.
 */
export function missingColumnHint(
  alias: string,
  name: string,
  columns: Iterable<string>,
): string | null {
  let best = MAX_FUZZY_DISTANCE + 1;
  let matches: string[] | null = null;
  for (const column of columns) {
    if (column === '') continue;
    const d = distance(column, name);
    // strlen: bytes.
    if (d > Math.floor(Buffer.byteLength(name) / 2)) continue;
    if (d < best) {
      best = d;
      matches = [column];
    } else if (d === best && matches) {
      matches = matches.length === 1 ? [...matches, column] : null;
    }
  }
  if (!matches) return null;
  const quoted = matches.map((column) => `the column "${alias}.${column}"`).join(' or ');
  return `Perhaps you meant to reference ${quoted}.`;
}
