import { describeError, useSupabase, useUser } from '@portal/platform';
import type { Tables } from '@portal/platform/database';
import { Badge, Card, EmptyState, ErrorState, ProgressBar, TextLink } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { roomPath } from '../live-paths.js';
import type { Profile } from '../profiles.js';
import { useUnreadCounts } from '../unread/unread-tracker.js';
import { ChatRoom } from './ChatRoom.js';

type Project = Pick<Tables<'projects'>, 'id' | 'name'>;

/** The rooms this person is in (every project RLS lets them read) and the open one. */
export function RoomsPage({ route, projectId, profiles }: { route: string; projectId: number | null; profiles: ReadonlyMap<string, Profile> }): ReactNode {
  const supabase = useSupabase();
  const user = useUser();
  const unread = useUnreadCounts();
  const [projects, setProjects] = useState<{ list: Project[] } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    void supabase
      .from('projects')
      .select('id, name')
      .order('name')
      .then(({ data, error }) => {
        if (live) setProjects(error ? { error: describeError(error) } : { list: data ?? [] });
      });
    return () => {
      live = false;
    };
  }, [supabase]);

  if (!projects) return <ProgressBar label="Reading your rooms" hideLabel />;
  if ('error' in projects) return <ErrorState title="Could not read your projects" message={projects.error} />;
  const open = projectId === null ? null : (projects.list.find((p) => p.id === projectId) ?? { id: projectId, name: `project ${projectId}` });
  return (
    <div className="live-rooms">
      <Card title="Rooms" flush>
        {projects.list.length === 0 ? (
          <EmptyState compact title="No rooms" description="Each project you own or belong to has a room." />
        ) : (
          <ul className="live-room-list" aria-label="Rooms">
            {projects.list.map((p) => {
              const count = unread.get(p.id) ?? 0;
              return (
                <li key={p.id}>
                  <TextLink href={roomPath(route, p.id)} aria-current={p.id === projectId ? 'page' : undefined} data-room-link={p.id}>
                    {p.name}
                  </TextLink>
                  {count > 0 ? (
                    <Badge tone="accent" data-testid="room-unread" data-count={count}>
                      {count} unread
                    </Badge>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {open && user ? (
        <Card title={open.name}>
          <ChatRoom key={open.id} projectId={open.id} projectName={open.name} me={user.id} profiles={profiles} />
        </Card>
      ) : (
        <EmptyState title="Pick a room" description="Talk with the people of one of your projects." />
      )}
    </div>
  );
}
