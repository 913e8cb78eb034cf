import { useEffect, useState } from 'react';
import { Button, ErrorState, Inline, Spinner, Tab, TabList, TabPanel, Tabs, TextLink } from '@portal/ui';
import { call, project, sessionState, type Project } from './api.js';
import { Buckets } from './Buckets.js';
import { Functions } from './Functions.js';
import { Realtime } from './Realtime.js';
import { Requests } from './Requests.js';
import { SignIn } from './SignIn.js';
import { Tables } from './Tables.js';
import { Users } from './Users.js';
import { Vectors } from './Vectors.js';

const PAGES = {
  requests: 'Requests',
  users: 'Users',
  tables: 'Tables',
  buckets: 'Buckets',
  vectors: 'Vectors',
  functions: 'Functions',
  realtime: 'Realtime',
} as const;
type PageName = keyof typeof PAGES;

function pageOfPath(): PageName {
  const name = window.location.pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return name in PAGES ? (name as PageName) : 'requests';
}

function Console({ onSignedOut }: { onSignedOut: () => void }) {
  const [page, setPage] = useState<PageName>(pageOfPath);
  const [info, setInfo] = useState<Project | Error | null>(null);
  useEffect(() => {
    call('/api/project', project).then(setInfo, setInfo);
    const back = () => setPage(pageOfPath());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  function open(next: string) {
    if (!(next in PAGES)) return;
    window.history.pushState(null, '', `/${next}`);
    setPage(next as PageName);
  }

  async function signOut() {
    await call('/api/session', sessionState, { method: 'DELETE' });
    onSignedOut();
  }

  return (
    <Tabs value={page} onValueChange={open}>
      {/* One banner with the pages and the way out, one main with the page: every part of the
          console is inside a landmark, where a screen reader's landmark list finds it. */}
      <header className="console-bar">
        <Inline className="console-nav">
          <TabList label="Console pages">
            {Object.entries(PAGES).map(([name, label]) => (
              <Tab key={name} value={name}>
                {label}
              </Tab>
            ))}
          </TabList>
          {info !== null && !(info instanceof Error) && (
            <TextLink href={info.mailUrl} external>
              Mailbox
            </TextLink>
          )}
          <Button variant="ghost" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Inline>
      </header>
      <main className="console-main">
        {info instanceof Error && <p role="alert">The project could not be read: {info.message}</p>}
        <TabPanel value="requests">
          <Requests />
        </TabPanel>
        <TabPanel value="users">{info === null ? <Spinner label="Loading" /> : <Users siteUrl={info instanceof Error ? '' : info.siteUrl} />}</TabPanel>
        <TabPanel value="tables">
          <Tables />
        </TabPanel>
        <TabPanel value="buckets">
          <Buckets />
        </TabPanel>
        <TabPanel value="vectors">
          <Vectors />
        </TabPanel>
        <TabPanel value="functions">
          <Functions />
        </TabPanel>
        <TabPanel value="realtime">
          <Realtime />
        </TabPanel>
      </main>
    </Tabs>
  );
}

export function App() {
  const [state, setState] = useState<'checking' | 'signed-out' | 'signed-in' | Error>('checking');
  useEffect(() => {
    call('/api/session', sessionState).then(
      (session) => setState(session.signedIn ? 'signed-in' : 'signed-out'),
      (error: Error) => setState(error),
    );
  }, []);
  if (state === 'checking')
    return (
      <main className="console-main">
        <Spinner label="Loading the console" />
      </main>
    );
  if (state instanceof Error)
    return (
      <main className="console-main">
        <ErrorState title="The console server did not answer" message={state} />
      </main>
    );
  if (state === 'signed-out') return <SignIn onSignedIn={() => setState('signed-in')} />;
  return <Console onSignedOut={() => setState('signed-out')} />;
}
