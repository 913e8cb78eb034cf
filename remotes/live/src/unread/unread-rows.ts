// What room_unread_counts() answers, checked and read. With zod, in a chunk of its own that the
// tracker asks for beside its first count (unread-tracker.ts): the background runs on every
// signed-in page, and zod in its first chunk was part of its one first task (issue #40).
import * as z from 'zod/mini';
import type { UnreadCounts } from './unread-counts.js';

const count = () => z.coerce.number().check(z.int(), z.nonnegative());
const unreadRowsSchema = z.array(z.object({ project_id: z.coerce.number().check(z.int()), unread: count(), mentions: z.optional(count()) }));

/** room_unread_counts() rows → project id → count (rooms without unread messages left out). */
export function countsFromRows(rows: unknown): UnreadCounts {
  return new Map(unreadRowsSchema.parse(rows ?? []).filter((r) => r.unread > 0).map((r) => [r.project_id, r.unread]));
}

/** room_unread_counts() rows → project id → unread messages that mention the person (rooms without left out). */
export function mentionsFromRows(rows: unknown): UnreadCounts {
  return new Map(unreadRowsSchema.parse(rows ?? []).flatMap((r) => ((r.mentions ?? 0) > 0 ? [[r.project_id, r.mentions!] as const] : [])));
}
