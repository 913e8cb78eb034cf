// The files area's root: the buckets and areas the person may reach at its route, one folder
// below it (`<route>/<bucket>/<folder…>/?…`, see location.ts).
import {
  getPortal,
  registerDebugHandle,
  useLocation,
  useSupabase,
  useUser,
  type RemoteRootProps,
  useRetryWhenBack,
} from '@portal/platform';
import { Card, EmptyState, ErrorState, PageHeader, ProgressBar, Stack, TextLink } from '@portal/ui';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { FolderBrowser } from './components/FolderBrowser.js';
import { TrashView } from './components/TrashView.js';
import { filesFailure, whatNext, type FilesFailure } from './failures.js';
import { filesStylesheet } from './files.css.js';
import { filesHref, parseFilesLocation, DEFAULT_VIEW } from './location.js';
import { listAreas, type ProjectRef } from './storage/areas.js';
import type { Area } from './places.js';
import { filesMeta } from './meta.js';

type AreasState =
  | { status: 'loading' }
  | { status: 'error'; error: FilesFailure }
  | { status: 'ready'; areas: Area[]; projects: ProjectRef[] };

export function FilesApp({ meta }: RemoteRootProps): ReactNode {
  const route = meta.route;
  const { pathname, search } = useLocation();
  const supabase = useSupabase();
  const user = useUser();
  const view = useMemo(
    () => parseFilesLocation(route, pathname, search),
    [route, pathname, search],
  );
  const userId = user?.id ?? null;
  const [reloads, setReloads] = useState(0);
  const requestKey = `${userId}:${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; areas: AreasState } | null>(null);
  const areas: AreasState = loaded?.key === requestKey ? loaded.areas : { status: 'loading' };
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    listAreas(supabase, userId).then(
      (result) => live && setLoaded({ key: requestKey, areas: { status: 'ready', ...result } }),
      (error: unknown) =>
        live &&
        setLoaded({ key: requestKey, areas: { status: 'error', error: filesFailure(error) } }),
    );
    return () => {
      live = false;
    };
  }, [supabase, userId, requestKey]);
  useRetryWhenBack(areas.status === 'error' && areas.error.unreachable, reload);

  useEffect(() => {
    registerDebugHandle('files', {
      supabase,
      react: useState,
      reactDom: createRoot,
      platform: getPortal,
    });
  }, [supabase]);

  let body: ReactNode;
  if (!userId)
    body = (
      <EmptyState
        title="Sign in to see your files"
        action={
          <TextLink href={`/account/sign-in?next=${encodeURIComponent(route)}`}>Sign in</TextLink>
        }
      />
    );
  else if (areas.status === 'loading')
    // The header the shell drew while this remote loaded, drawn here with the progress bar rather
    // than after it: the shell's gives way in this remote's first frame, and nothing on screen
    // moves when the places arrive (the whole area moved up by the header's height otherwise).
    body = (
      <Stack gap={4}>
        <PageHeader title={filesMeta.title} description={filesMeta.description} />
        <ProgressBar label="Finding the places you may reach" hideLabel />
      </Stack>
    );
  else if (areas.status === 'error')
    body = (
      <ErrorState
        title="Could not read your projects"
        message={whatNext(areas.error)}
        onRetry={reload}
      />
    );
  else if (view.bucket === null) body = <AreaList route={route} areas={areas.areas} />;
  else if (view.trash) {
    const area = areas.areas.find(
      (candidate) => candidate.bucket === view.bucket && candidate.folder === view.folder,
    );
    body = area ? (
      <TrashView route={route} bucket={view.bucket} area={area} view={view} />
    ) : (
      <EmptyState
        title="There is no trash here"
        description="Each of your places has its own trash: open My files or a project, then its Trash."
        action={<TextLink href={route}>Your places</TextLink>}
      />
    );
  } else
    body = (
      <FolderBrowser
        key={`${view.bucket}/${view.folder}`}
        route={route}
        view={view}
        areas={areas.areas}
        userId={userId}
      />
    );

  return (
    <div className="files-page">
      <style>{filesStylesheet}</style>
      {body}
    </div>
  );
}

function AreaList({ route, areas }: { route: string; areas: Area[] }): ReactNode {
  return (
    <Stack gap={4}>
      <PageHeader title={filesMeta.title} description={filesMeta.description} />
      <ul className="files-areas" aria-label="Places">
        {areas.map((area) => (
          <li key={`${area.bucket}/${area.folder}`}>
            <Card className="files-area">
              <TextLink
                href={filesHref(route, {
                  ...DEFAULT_VIEW,
                  bucket: area.bucket,
                  folder: area.folder,
                })}
              >
                {area.label}
              </TextLink>
              <p className="files-muted">{area.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
