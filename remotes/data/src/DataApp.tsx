// The data area's root: the list of tables at its route, one table below it
// (`<route>/<table>?…`). Everything it shows comes from the REST API's description of the
// database for the signed-in person, so it serves any Supabase project.
import { getPortal, registerDebugHandle, useAuth, useLocation, useSupabase, type RemoteRootProps } from '@portal/platform';
import { EmptyState, ErrorState, PageHeader, ProgressBar, TextLink } from '@portal/ui';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { TableBrowser } from './components/TableBrowser.js';
import { TableList } from './components/TableList.js';
import { useSchemaModel } from './components/use-schema-model.js';
import { dataStylesheet } from './data.css.js';
import { dataMeta } from './meta.js';
import { parseViewLocation } from './query/view-state.js';
import { findTable } from './schema/openapi-model.js';

export function DataApp({ meta }: RemoteRootProps): ReactNode {
  const route = meta.route;
  const { pathname, search } = useLocation();
  const auth = useAuth();
  const supabase = useSupabase();
  const view = useMemo(() => parseViewLocation(route, pathname, search), [route, pathname, search]);
  const schema = useSchemaModel(supabase, auth.user?.id ?? null);

  useEffect(() => {
    // Lets the shell's status checks and the end-to-end tests compare identities with the shell's.
    registerDebugHandle('data', { supabase, react: useState, reactDom: createRoot, platform: getPortal });
  }, [supabase]);

  return (
    <>
      <style>{dataStylesheet}</style>
      <DataPage schema={schema} view={view} route={route} />
    </>
  );
}

function DataPage({ schema, view, route }: { schema: ReturnType<typeof useSchemaModel>; view: ReturnType<typeof parseViewLocation>; route: string }): ReactNode {
  if (schema.status === 'loading') {
    // The list's header is the registry's words, known before the description arrives: drawn now,
    // it takes the shell's place at once and stays put when the list comes (drawn only with the
    // list, the shell's header gave way then and the page moved up under the person's eyes:
    // layout shift 0.1 on a phone, issue #40).
    if (view.table !== null) return <ProgressBar label="Reading the database description" hideLabel />;
    return (
      <div className="data-page">
        <PageHeader title={dataMeta.title} description={dataMeta.description} />
        <ProgressBar label="Reading the database description" hideLabel />
      </div>
    );
  }
  if (schema.status === 'error') {
    const message = schema.unreachable ? `${schema.error} The tables show by themselves once it answers again.` : schema.error;
    return <ErrorState title="Could not read the database description" message={message} onRetry={schema.reload} />;
  }
  if (view.table === null) return <TableList model={schema.model} route={route} />;
  const table = findTable(schema.model, view.table);
  if (!table) {
    return (
      <EmptyState
        title={`No table named “${view.table}”`}
        description="It does not exist, or you may not reach it."
        action={<TextLink href={route}>See all tables</TextLink>}
      />
    );
  }
  return <TableBrowser key={table.name} model={schema.model} table={table} view={view} route={route} />;
}
