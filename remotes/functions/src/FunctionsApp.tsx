// The functions area: the catalogue at its route, one function below it (`<route>/<name>`).
import {
  getPortal,
  registerDebugHandle,
  useLocation,
  useSupabase,
  type RemoteRootProps,
} from '@portal/platform';
import { Badge, EmptyState, ErrorState, PageHeader, ProgressBar, TextLink } from '@portal/ui';
import { countOf } from '@portal/ui/words';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Catalogue } from './catalogue/catalogue.js';
import { FunctionPage } from './components/FunctionPage.js';
import { useCatalogue } from './components/use-catalogue.js';
import { functionsStylesheet } from './functions.css.js';
import { functionsMeta } from './meta.js';

export function FunctionsApp({ meta }: RemoteRootProps): ReactNode {
  const route = meta.route;
  const { pathname } = useLocation();
  const supabase = useSupabase();
  const catalogue = useCatalogue(supabase);
  const selected = decodeURIComponent(pathname.slice(route.length).split('/')[1] ?? '');

  useEffect(() => {
    registerDebugHandle('functions', {
      supabase,
      react: useState,
      reactDom: createRoot,
      platform: getPortal,
    });
  }, [supabase]);

  let page: ReactNode;
  if (catalogue.status === 'loading')
    // The header the shell drew while this remote loaded, in this remote's area: drawn with the
    // progress bar, not after it, so the shell's gives way to it in the first frame and nothing
    // on screen moves when the catalogue arrives (a layout shift of the whole area otherwise).
    page = (
      <>
        <PageHeader title={functionsMeta.title} description={functionsMeta.description} />
        <ProgressBar label="Reading the functions" hideLabel />
      </>
    );
  else if (catalogue.status === 'error')
    page = (
      <ErrorState
        title="Could not read the functions"
        message={catalogue.error}
        onRetry={catalogue.reload}
      />
    );
  else if (!selected) page = <FunctionList catalogue={catalogue.catalogue} route={route} />;
  else {
    const entry = catalogue.catalogue.functions.find((f) => f.name === selected);
    page = entry ? (
      <FunctionPage
        key={entry.name}
        entry={entry}
        source={catalogue.catalogue.source}
        route={route}
      />
    ) : (
      <EmptyState
        title={`No function named “${selected}”`}
        description="It is not in the project’s catalogue."
        action={<TextLink href={route}>See all functions</TextLink>}
      />
    );
  }
  return (
    <>
      <style>{functionsStylesheet}</style>
      <div
        className="fn-app"
        data-catalogue-source={catalogue.status === 'ready' ? catalogue.catalogue.source : ''}
      >
        {page}
      </div>
    </>
  );
}

function FunctionList({ catalogue, route }: { catalogue: Catalogue; route: string }): ReactNode {
  return (
    <>
      {/* The registry's words, as the shell drew them while this remote loaded (no change on screen). */}
      <PageHeader title={functionsMeta.title} description={functionsMeta.description} />
      <p className="fn-list__source">
        {catalogue.source === 'listing'
          ? 'The project’s server functions, as the API lists them.'
          : 'The project’s server functions, from the catalogue deployed with this page.'}
      </p>
      {catalogue.functions.length === 0 ? (
        <EmptyState
          title="No functions"
          description="Add one under supabase/functions/<name>/index.ts."
        />
      ) : null}
      <ul className="fn-list">
        {catalogue.functions.map((entry) => (
          <li key={entry.name} className="fn-list__item" data-function={entry.name}>
            <a className="fn-list__name" href={`${route}/${encodeURIComponent(entry.name)}`}>
              {entry.name}
            </a>
            <Badge tone={entry.verify_jwt ? 'warning' : 'info'}>
              {entry.verify_jwt ? 'signed-in only' : 'public'}
            </Badge>
            <p className="fn-list__description">{entry.description ?? 'No description.'}</p>
            {entry.examples.length ? (
              <p className="fn-list__examples">
                {countOf(entry.examples.length, 'example')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
