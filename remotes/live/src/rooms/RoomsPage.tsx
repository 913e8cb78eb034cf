import { getPortal, useSupabase, useUser, type PersonProfile } from '@portal/platform';
import type { Tables } from '@portal/platform/database';
import { Badge, Card, EmptyState, ErrorState, ProgressBar, TextLink } from '@portal/ui';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { roomPath } from '../live-paths.js';
import { describeFailure, isUnreachable } from '../failure-words.js';
import { useMentionCounts, useUnreadCounts } from '../unread/unread-tracker.js';
import { ChatRoom } from './ChatRoom.js';

type Project = Pick<Tables<'projects'>, 'id' | 'name'>;

/** Where the rooms and the chat stack in one column (live.css.ts uses the same width). */
const ONE_COLUMN = '(max-width: 48rem)';

/** Whether the page is one column wide now (a phone), kept in step with the window. */
function useOneColumn(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(ONE_COLUMN);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(ONE_COLUMN).matches,
    () => false,
  );
}

/** How long an unanswered read of the rooms waits before it is tried again. */
const READ_AGAIN_MS = 5000;

/** The rooms this person is in (every project RLS lets them read) and the open one. */
export function RoomsPage({ route, projectId, profiles }: { route: string; projectId: number | null; profiles: ReadonlyMap<string, PersonProfile> }): ReactNode {
  const supabase = useSupabase();
  const user = useUser();
  const unread = useUnreadCounts();
  const mentions = useMentionCounts();
  const oneColumn = useOneColumn();
  const [attempt, setAttempt] = useState(0);
  const [projects, setProjects] = useState<{ list: Project[] } | { error: string; unreachable: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void supabase
      .from('projects')
      .select('id, name')
      .order('name')
      .then(({ data, error }) => {
        if (!live) return;
        if (!error) setProjects({ list: data ?? [] });
        // Kept while a read after a lost connection fails again: the rooms already shown stay.
        else setProjects((shown) => (shown && 'list' in shown ? shown : { error: describeFailure(error), unreachable: isUnreachable(error) }));
      });
    return () => {
      live = false;
    };
  }, [supabase, attempt]);
  // A read that got no answer is tried again once the connection is back, and every few seconds
  // meanwhile (the API may answer before the realtime socket is back, or without it).
  const failedUnanswered = projects !== null && 'error' in projects && projects.unreachable;
  useEffect(() => {
    if (!failedUnanswered) return;
    const { connection } = getPortal();
    const timer = setTimeout(() => setAttempt((n) => n + 1), READ_AGAIN_MS);
    const stop = connection.subscribe(() => {
      if (connection.get().status === 'connected') setAttempt((n) => n + 1);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [failedUnanswered, projects]);

  if (!projects) return <ProgressBar label="Reading your rooms" hideLabel />;
  if ('error' in projects) {
    return (
      <ErrorState
        title="Your rooms could not be read"
        message={projects.unreachable ? `${projects.error} They are read again by themselves once the connection is back.` : projects.error}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const open = projectId === null ? null : (projects.list.find((p) => p.id === projectId) ?? { id: projectId, name: `project ${projectId}` });
  const roomList = (
    <Card key="rooms" title="Rooms" flush>
      {projects.list.length === 0 ? (
        <EmptyState compact title="No rooms" description="Each project you own or belong to has a room." />
      ) : (
        <ul className="live-room-list" aria-label="Rooms">
          {projects.list.map((p) => {
            const count = unread.get(p.id) ?? 0;
            const mentioned = mentions.get(p.id) ?? 0;
            return (
              <li key={p.id} className={count > 0 ? 'live-room-list__room--unread' : undefined}>
                <TextLink href={roomPath(route, p.id)} aria-current={p.id === projectId ? 'page' : undefined} data-room-link={p.id}>
                  {p.name}
                </TextLink>
                {count > 0 ? (
                  <Badge tone="accent" data-testid="room-unread" data-count={count}>
                    {count} unread
                  </Badge>
                ) : null}
                {mentioned > 0 ? (
                  <Badge tone="danger" data-testid="room-mentions" data-count={mentioned}>
                    @ {mentioned} {mentioned === 1 ? 'mentions' : 'mention'} you
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
  const chat =
    open && user ? (
      <Card key="chat" title={open.name}>
        <ChatRoom key={open.id} projectId={open.id} projectName={open.name} me={user.id} profiles={profiles} />
      </Card>
    ) : (
      <EmptyState key="chat" title="Pick a room" description="Talk with the people of one of your projects." />
    );
  // On a phone an open room comes first, so its messages and composer are on screen at once; the
  // list of rooms follows it (one Tab or a scroll away). Written in this order, not moved by CSS,
  // so reading and Tab order follow what is seen. Keyed, so crossing the width (a tablet turned)
  // moves the open room rather than joining it again.
  const chatFirst = oneColumn && open !== null;
  return (
    <div className="live-rooms" data-layout={chatFirst ? 'chat-first' : 'rooms-first'}>
      {chatFirst ? [chat, roomList] : [roomList, chat]}
    </div>
  );
}
