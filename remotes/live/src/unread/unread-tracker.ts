// Unread messages per room, kept for the whole visit: the live remote's background (started by the
// shell once the person is signed in, whether or not /live is on screen) listens for new messages
// on the portal's one socket (postgres_changes; the server sends only rows of rooms this person is
// in) and asks the database for the counts again on each one and on every (re)join, so a
// disconnect loses nothing. The room on screen marks itself read. A new message that mentions the
// person raises a notification (with a link to its room) wherever they are, unless that room is on
// screen; the counts also say how many unread messages mention them. Module state on purpose: the
// background and the app are exposes of one container, so they share this module.
import { createExternalStore, describeError, getPortal, nameOf, type RemoteBackgroundProps } from '@portal/platform';
import { useSyncExternalStore } from 'react';
import { roomPath } from '../live-paths.js';
import { liveMeta } from '../meta.js';
import { badgeFor, countsFromRows, mentionsFromRows, sameCounts, withoutRoom, type UnreadCounts } from './unread-counts.js';

export const UNREAD_TOPIC = 'live:unread';

interface Counted {
  counts: UnreadCounts;
  /** Of those, the messages that mention the person. */
  mentions: UnreadCounts;
  names: ReadonlyMap<number, string>;
}

const NOTHING: Counted = { counts: new Map(), mentions: new Map(), names: new Map() };
const counted = createExternalStore<Counted>(NOTHING);
/** What the screen shows: the counts without the room being read right now. */
const shown = createExternalStore<UnreadCounts>(new Map());
const shownMentions = createExternalStore<UnreadCounts>(new Map());
let openRoom: number | null = null;
/**
 * Bumped when a markRead starts and when it is stored. A count read while a marker was being
 * stored may still include the messages just read: it is dropped (read again if it began
 * before the marker started; the marker's own recount follows otherwise).
 */
let readEpoch = 0;
let marksInFlight = 0;
let recounting: Promise<void> | null = null;
let recountAgain = false;
let tracking = false;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

function publish(): void {
  const room = visible() ? openRoom : null;
  const next = withoutRoom(counted.get().counts, room);
  const nextMentions = withoutRoom(counted.get().mentions, room);
  if (!sameCounts(nextMentions, shownMentions.get())) shownMentions.set(nextMentions);
  if (!sameCounts(next, shown.get())) shown.set(next);
}
counted.subscribe(publish);

async function recountOnce(): Promise<void> {
  const { supabase } = getPortal();
  const epoch = readEpoch;
  const [unread, projects] = await Promise.all([supabase.rpc('room_unread_counts'), supabase.from('projects').select('id, name')]);
  const error = unread.error ?? projects.error;
  if (error) {
    console.warn(`Live: the unread messages could not be counted (${describeError(error)}); the counts shown may be behind.`);
    return;
  }
  if (!tracking) return;
  if (marksInFlight > 0) return;
  if (epoch !== readEpoch) {
    recountAgain = true;
    return;
  }
  const names = new Map((projects.data ?? []).map((p) => [p.id, p.name]));
  counted.set({ counts: countsFromRows(unread.data), mentions: mentionsFromRows(unread.data), names });
}

/** Counts again; calls while one runs make one more run after it. */
function recount(): void {
  if (recounting) {
    recountAgain = true;
    return;
  }
  recounting = (async () => {
    do {
      recountAgain = false;
      await recountOnce();
    } while (recountAgain && tracking);
  })().finally(() => {
    recounting = null;
  });
}

/** A new message names the person: say so, with the way to its room (not when that room is on screen). */
function noteMention(row: { project_id?: unknown; author_id?: unknown; body?: unknown }, remoteName: string): void {
  const projectId = typeof row.project_id === 'number' ? row.project_id : null;
  if (projectId === null || (projectId === openRoom && visible())) return;
  const portal = getPortal();
  const author = typeof row.author_id === 'string' ? portal.profiles?.getSnapshot().profiles.get(row.author_id) : undefined;
  const room = counted.get().names.get(projectId) ?? 'a room';
  const body = typeof row.body === 'string' ? row.body : '';
  const route = portal.remotes.get().find((remote) => remote.name === remoteName)?.route ?? liveMeta.route;
  portal.notify({
    tone: 'info',
    title: `${nameOf(author)} mentioned you in ${room}`,
    message: body.length > 140 ? `${body.slice(0, 139)}…` : body,
    timeoutMs: 10_000,
    action: { label: 'Open the room', href: roomPath(route, projectId) },
  });
}

/** Starts counting for the signed-in person; returns what stops it (the remote's background). */
export function startUnreadTracker({ name, setNavBadge }: RemoteBackgroundProps): () => Promise<void> {
  const { realtime, session } = getPortal();
  const me = session.getSnapshot().user?.id ?? null;
  tracking = true;
  const lease = realtime.channel(UNREAD_TOPIC);
  lease.on<{ author_id?: string; mentions?: unknown }>('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (change) => {
    const row = change.new as { author_id?: string; mentions?: unknown; project_id?: unknown; body?: unknown };
    if (row.author_id === me) return;
    recount();
    if (me && Array.isArray(row.mentions) && row.mentions.includes(me)) noteMention(row, name);
  });
  lease.subscribe((status) => {
    // Each (re)join counts afresh: messages written while the socket was away are included.
    if (status === 'SUBSCRIBED') recount();
  });
  const showBadge = () => setNavBadge(badgeFor(shown.get(), counted.get().names, shownMentions.get()));
  const stopShowing = shown.subscribe(showBadge);
  const stopNaming = counted.subscribe(showBadge);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', publish);
  return async () => {
    tracking = false;
    stopShowing();
    stopNaming();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', publish);
    counted.set(NOTHING);
    await lease.release();
  };
}

/** The room on screen (null when none): it does not count as unread while the tab is visible. */
export function setOpenRoom(projectId: number | null): void {
  openRoom = projectId;
  publish();
}

/** Marks a room read through the newest message shown; the counts follow. */
export async function markRoomRead(projectId: number, through: string): Promise<void> {
  readEpoch += 1;
  marksInFlight += 1;
  counted.update((current) => (current.counts.has(projectId) ? { ...current, counts: withoutRoom(current.counts, projectId) } : current));
  const { error } = await getPortal()
    .supabase.rpc('mark_room_read', { p_project_id: projectId, p_through: through })
    .then(
      (answer) => answer,
      (thrown: unknown) => ({ error: thrown }),
    );
  marksInFlight -= 1;
  readEpoch += 1;
  if (error) console.warn(`Live: room ${projectId} could not be marked read (${describeError(error)}); it may show as unread again.`);
  if (tracking) recount();
}

/** Unread messages per room (project id → count), for the rooms list. */
export function useUnreadCounts(): UnreadCounts {
  return useSyncExternalStore(shown.subscribe, shown.get, shown.get);
}

/** Unread messages that mention the person, per room (project id → count), for the rooms list. */
export function useMentionCounts(): UnreadCounts {
  return useSyncExternalStore(shownMentions.subscribe, shownMentions.get, shownMentions.get);
}
