// The live area's root: rooms (`<route>`, `<route>/rooms/<project>`), who is here
// (`<route>/people`) and the activity feed (`<route>/activity`). The activity subscription lives
// here so the feed keeps filling while another tab of the area is open.
import { getPortal, registerDebugHandle, useLocation, useProfiles, useSupabase, type RemoteRootProps } from '@portal/platform';
import { EmptyState, PageHeader, TextLink } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ActivityPage } from './activity/ActivityPage.js';
import { useActivity } from './activity/use-activity.js';
import { parseLivePath } from './live-paths.js';
import { liveStylesheet } from './live.css.js';
import { PeoplePage } from './people/PeoplePage.js';
import { RoomsPage } from './rooms/RoomsPage.js';
import { liveMeta } from './meta.js';

export function LiveApp({ meta }: RemoteRootProps): ReactNode {
  const route = meta.route;
  const { pathname } = useLocation();
  const supabase = useSupabase();
  const view = parseLivePath(route, pathname);
  const activity = useActivity();
  const { profiles } = useProfiles();

  useEffect(() => {
    registerDebugHandle('live', { supabase, react: useState, reactDom: createRoot, platform: getPortal });
  }, [supabase]);

  const tab = (href: string, label: string, current: boolean) => (
    <TextLink href={href} aria-current={current ? 'page' : undefined}>
      {label}
    </TextLink>
  );
  return (
    <>
      <style>{liveStylesheet}</style>
      <PageHeader title={liveMeta.title} description={liveMeta.description} />
      <nav className="live-tabs" aria-label="Live">
        {tab(route, 'Rooms', view.kind === 'rooms')}
        {tab(`${route}/people`, 'People', view.kind === 'people')}
        {tab(`${route}/activity`, `Activity${activity.items.length ? ` (${activity.items.length})` : ''}`, view.kind === 'activity')}
      </nav>
      {view.kind === 'rooms' ? <RoomsPage route={route} projectId={view.projectId} profiles={profiles} /> : null}
      {view.kind === 'people' ? <PeoplePage /> : null}
      {view.kind === 'activity' ? <ActivityPage activity={activity} /> : null}
      {view.kind === 'unknown' ? <EmptyState title="Nothing here" description="Pick Rooms, People or Activity." /> : null}
    </>
  );
}
