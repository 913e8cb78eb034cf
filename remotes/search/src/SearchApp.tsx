// The search area's root: search, add documents, the person's documents, and one document
// opened at a passage (see location.ts).
import { navigate, useLocation, useSupabase, useUser, type RemoteRootProps } from '@portal/platform';
import { PageHeader, Stack, Tab, TabList, TabPanel, Tabs } from '@portal/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { AddDocuments } from './components/AddDocuments.js';
import { DocumentList } from './components/DocumentList.js';
import { DocumentView } from './components/DocumentView.js';
import { SearchPanel } from './components/SearchPanel.js';
import { useDocuments } from './components/use-documents.js';
import { parseSearchLocation } from './location.js';
import { searchStylesheet } from './search.css.js';
import { searchMeta } from './meta.js';

export function SearchApp({ meta }: RemoteRootProps): ReactNode {
  const route = meta.route;
  const { pathname, search } = useLocation();
  const place = useMemo(
    () => parseSearchLocation(route, pathname, search),
    [route, pathname, search],
  );
  const supabase = useSupabase();
  const userId = useUser()?.id ?? null;
  const { documents, reload } = useDocuments(supabase, userId);

  const tab = place.page === 'document' ? 'search' : place.page;
  // "Add documents" in an empty list takes the person to the form and puts focus in it: the
  // button they pressed is gone with the list, and focus would fall to the page's <body>.
  const [focusForm, setFocusForm] = useState(false);
  const goTo = (value: string, { intoForm = false } = {}) => {
    setFocusForm(intoForm);
    navigate(value === 'search' ? route : `${route}/${value}`);
  };
  const addDocuments = () => goTo('add', { intoForm: true });
  const documentCount = documents.status === 'ready' ? documents.documents.length : null;

  return (
    <Stack
      gap={4}
      className="search-page"
      data-page={place.page}
      data-documents={documentCount ?? ''}
    >
      <style>{searchStylesheet}</style>
      <PageHeader title={searchMeta.title} description={searchMeta.description} />
      <Tabs value={tab} onValueChange={(value) => goTo(value)}>
        <TabList label="Search sections">
          <Tab value="search">Search</Tab>
          <Tab value="add">Add documents</Tab>
          <Tab value="documents">
            Your documents{documentCount !== null ? ` (${documentCount})` : ''}
          </Tab>
        </TabList>
        <TabPanel value={tab}>
          {place.page === 'search' && (
            <SearchPanel
              route={route}
              searched={place.query}
              documentCount={documentCount}
              onAdd={addDocuments}
            />
          )}
          {place.page === 'add' && <AddDocuments onAdded={reload} focusTitle={focusForm} />}
          {place.page === 'documents' && (
            <DocumentList
              route={route}
              state={documents}
              reload={reload}
              onAdd={addDocuments}
            />
          )}
          {place.page === 'document' && (
            <DocumentView route={route} id={place.id} passage={place.passage} />
          )}
        </TabPanel>
      </Tabs>
    </Stack>
  );
}
