// Unread messages per room as numbers and words: what the database counted (room_unread_counts),
// minus the room on screen (it is being read), as one navigation badge. Pure, tested alone.
import type { NavBadge } from '@portal/platform';
import * as z from 'zod/mini';
import { onFirstUse } from '../first-use.js';

export type UnreadCounts = ReadonlyMap<number, number>;

const count = () => z.coerce.number().check(z.int(), z.nonnegative());
/** Made when the first counts arrive, not while the background's module runs (first-use.ts). */
const unreadRowsSchema = onFirstUse(() => z.array(z.object({ project_id: z.coerce.number().check(z.int()), unread: count(), mentions: z.optional(count()) })));

/** room_unread_counts() rows → project id → count (rooms without unread messages left out). */
export function countsFromRows(rows: unknown): UnreadCounts {
  return new Map(unreadRowsSchema().parse(rows ?? []).filter((r) => r.unread > 0).map((r) => [r.project_id, r.unread]));
}

/** room_unread_counts() rows → project id → unread messages that mention the person (rooms without left out). */
export function mentionsFromRows(rows: unknown): UnreadCounts {
  return new Map(unreadRowsSchema().parse(rows ?? []).flatMap((r) => ((r.mentions ?? 0) > 0 ? [[r.project_id, r.mentions!] as const] : [])));
}

/** The room on screen is read as its messages arrive: it never counts. */
export function withoutRoom(counts: UnreadCounts, projectId: number | null): UnreadCounts {
  if (projectId === null || !counts.has(projectId)) return counts;
  const rest = new Map(counts);
  rest.delete(projectId);
  return rest;
}

export function sameCounts(a: UnreadCounts, b: UnreadCounts): boolean {
  return a.size === b.size && [...a].every(([room, count]) => b.get(room) === count);
}

/** One badge for the whole area: the total, each room's share in words, and how many mention the person. */
export function badgeFor(counts: UnreadCounts, names: ReadonlyMap<number, string>, mentions: UnreadCounts = new Map()): NavBadge | null {
  let total = 0;
  let mentioned = 0;
  const parts: string[] = [];
  for (const [room, count] of [...counts].sort(([a], [b]) => a - b)) {
    total += count;
    mentioned += mentions.get(room) ?? 0;
    parts.push(`${names.get(room) ?? `project ${room}`} ${count}`);
  }
  if (total === 0) return null;
  const mentionWords = mentioned === 0 ? '' : `; ${mentioned} ${mentioned === 1 ? 'mentions' : 'mention'} you`;
  return { count: total, label: `${total} unread ${total === 1 ? 'message' : 'messages'}: ${parts.join(', ')}${mentionWords}` };
}
