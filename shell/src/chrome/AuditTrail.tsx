// The status page's audit trail: every change of the environment the portal runs — what, who
// (the verified person or team credential), when, from which registry revision — as the
// project's deploy API answers a signed-in person (docs/deploy-teams.md). A folder environment
// (one developer's machine) keeps none.
import { useSession, useSupabase } from '@portal/platform';
import { Card, Code, Table, type TableColumn } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { PHONE_WIDTH } from './chrome.css.js';
import { formatDateTime } from './time-format.js';

interface AuditEntry {
  id: number;
  at: string;
  remote: string | null;
  action: string;
  change: string;
  revision: number | null;
  baseRevision: number | null;
  actor: string;
  note: string | null;
}

type Trail =
  | { state: 'loading' }
  | { state: 'ready'; entries: AuditEntry[] }
  | { state: 'none' }
  | { state: 'failed'; message: string };

const isEntry = (value: unknown): value is AuditEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AuditEntry).id === 'number' &&
  typeof (value as AuditEntry).at === 'string' &&
  typeof (value as AuditEntry).actor === 'string' &&
  typeof (value as AuditEntry).change === 'string';

/** How many changes the page lists, newest first. */
const SHOWN = 25;

const columns: TableColumn<AuditEntry>[] = [
  { key: 'at', header: 'When', width: '11rem', cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
  {
    key: 'revision',
    header: 'Revision',
    width: '8rem',
    cell: (e) => (e.revision !== null ? `r${e.revision} from r${e.baseRevision}` : e.baseRevision !== null ? `at r${e.baseRevision}` : '—'),
  },
  { key: 'actor', header: 'Who', cell: (e) => e.actor },
  {
    key: 'change',
    header: 'What',
    cell: (e) => (
      <>
        <strong>{e.action}</strong>
        {e.remote ? <> <Code>{e.remote}</Code></> : null}: {e.change}
        {e.note ? ` — “${e.note}”` : null}
      </>
    ),
  },
];

/** Reads the trail again whenever the registry changed (`updatedAt`). */
export function AuditTrail({ environment, updatedAt }: { environment: string; updatedAt: string }): ReactNode {
  const supabase = useSupabase();
  const signedIn = useSession() !== null;
  const [trail, setTrail] = useState<Trail>({ state: 'loading' });

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void supabase
      .schema('portal_deploy_api')
      .rpc('audit_log', { p_environment: environment, p_limit: SHOWN })
      .then(({ data, error }) => {
        if (!current) return;
        // No deploy API in the project, or not one of its environments: a folder, for one developer.
        if (error && ['PGRST106', 'PGRST202', 'P0002'].includes(error.code)) return setTrail({ state: 'none' });
        if (error) return setTrail({ state: 'failed', message: error.message });
        setTrail({ state: 'ready', entries: Array.isArray(data) ? (data as unknown[]).filter(isEntry) : [] });
      });
    return () => {
      current = false;
    };
  }, [supabase, signedIn, environment, updatedAt]);

  if (!signedIn) {
    return (
      <Card title="Changes">
        <p>Sign in to see who changed what in this environment.</p>
      </Card>
    );
  }
  if (trail.state === 'none') {
    return (
      <Card title="Changes">
        <p>
          This environment keeps no audit trail: it is a folder for one developer, not an environment of the project (<Code>portal-deploy status</Code> there
          says what changed).
        </p>
      </Card>
    );
  }
  if (trail.state === 'failed') {
    return (
      <Card title="Changes">
        <p role="alert">The changes could not be read: {trail.message}</p>
      </Card>
    );
  }
  return (
    <Table
      caption="Changes — who did what, newest first"
      columns={columns}
      rows={trail.state === 'ready' ? trail.entries : []}
      loading={trail.state === 'loading'}
      empty="No change recorded yet."
      rowKey={(e) => String(e.id)}
      wrapCells
      density="compact"
      stackBelow={PHONE_WIDTH}
      data-testid="audit-trail"
    />
  );
}
