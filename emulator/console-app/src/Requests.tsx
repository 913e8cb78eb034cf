import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Badge, Field, Inline, PageHeader, Select, Stack, Table, TextInput, type BadgeTone, type TableColumn } from '@portal/ui';
import { call, requestSummary, type RequestSummary } from './api.js';
import { RequestDetail } from './RequestDetail.js';

/** As many as the emulator keeps. */
const KEPT = 1000;

const SERVICES = ['auth', 'rest', 'storage', 'vectors', 'functions', 'realtime', 'other'];

function statusTone(status: number): BadgeTone {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  return 'success';
}

/** Every request the emulator answered, newest first, followed live. */
function useRequestLog(): { requests: RequestSummary[]; live: boolean; error: string | null } {
  const [requests, setRequests] = useState<RequestSummary[]>([]);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const byId = new Map<number, RequestSummary>();
    const publish = () => setRequests([...byId.values()].sort((a, b) => b.id - a.id).slice(0, KEPT));
    // Follow first, then read what is there, at every (re)connection: nothing falls between.
    const events = new EventSource('/api/requests/stream');
    events.addEventListener('open', () => {
      setLive(true);
      call('/api/requests', requestSummary.array()).then(
        (list) => {
          for (const entry of list) byId.set(entry.id, entry);
          publish();
          setError(null);
        },
        (failure: Error) => setError(failure.message),
      );
    });
    events.addEventListener('error', () => setLive(false));
    events.addEventListener('request', (event) => {
      const parsed = requestSummary.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      byId.set(parsed.data.id, parsed.data);
      publish();
    });
    return () => events.close();
  }, []);
  return { requests, live, error };
}

export function Requests() {
  const { requests, live, error } = useRequestLog();
  const [service, setService] = useState('');
  const [outcome, setOutcome] = useState('');
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<number | null>(null);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return requests.filter(
      (r) =>
        (!service || r.service === service) &&
        (!outcome || (outcome === 'errors' ? r.status >= 400 : r.status < 400)) &&
        (!needle || [r.path, r.query, r.role, r.user ?? '', r.email ?? '', r.method].some((value) => value.toLowerCase().includes(needle))),
    );
  }, [requests, service, outcome, text]);

  const columns: TableColumn<RequestSummary>[] = [
    { key: 'time', header: 'Time', cell: (r) => new Date(r.time).toLocaleTimeString(undefined, { hour12: false }) + `.${r.time.slice(20, 23)}` },
    { key: 'method', header: 'Method', cell: (r) => r.method },
    {
      key: 'path',
      header: 'Path',
      cell: (r) => (
        <button type="button" className="console-open" onClick={() => setSelected(r.id)} aria-label={`Open ${r.method} ${r.path}${r.query}`}>
          {r.path}
          {r.query}
        </button>
      ),
    },
    { key: 'role', header: 'Role and user', cell: (r) => `${r.role}${r.email ? ` · ${r.email}` : r.user ? ` · ${r.user}` : ''}` },
    { key: 'status', header: 'Status', cell: (r) => <Badge tone={statusTone(r.status)}>{r.status}</Badge> },
    { key: 'duration', header: 'Duration', align: 'end', cell: (r) => `${r.durationMs.toFixed(1)} ms` },
    { key: 'rows', header: 'Rows', align: 'end', cell: (r) => (r.rows === null ? '' : String(r.rows)) },
  ];

  return (
    <div className="console-page">
      <PageHeader
        title="Requests"
        description="Every API request the emulator answered (the newest 1000), with what row level security decided."
        actions={
          <Badge tone={live ? 'success' : 'neutral'} dot>
            {live ? 'Live' : 'Reconnecting'}
          </Badge>
        }
      />
      <Stack>
        <Inline className="console-filters">
          <Field label="Service">
            <Select value={service} onChange={(event) => setService(event.target.value)} options={[{ value: '', label: 'All services' }, ...SERVICES.map((name) => ({ value: name, label: name }))]} />
          </Field>
          <Field label="Status">
            <Select
              value={outcome}
              onChange={(event) => setOutcome(event.target.value)}
              options={[
                { value: '', label: 'Any status' },
                { value: 'errors', label: 'Errors (4xx, 5xx)' },
                { value: 'ok', label: 'Answered (1xx–3xx)' },
              ]}
            />
          </Field>
          <Field label="Path, role or user contains">
            <TextInput value={text} onChange={(event) => setText(event.target.value)} type="search" />
          </Field>
        </Inline>
        {error && <p role="alert">The log could not be read: {error}</p>}
        <Table
          caption="API requests"
          hideCaption
          columns={columns}
          rows={shown}
          rowKey={(r) => String(r.id)}
          density="compact"
          stickyHeader
          maxHeight="45vh"
          rowProps={(r) => ({ 'data-request-id': String(r.id), 'aria-selected': r.id === selected } as HTMLAttributes<HTMLTableRowElement>)}
          empty={requests.length === 0 ? 'No request yet: use the app, and each request appears here.' : 'No request matches the filters.'}
        />
        {selected !== null && <RequestDetail key={selected} id={selected} onClose={() => setSelected(null)} />}
      </Stack>
    </div>
  );
}
