import { useEffect, useState } from 'react';
import { Badge, Card, CodeBlock, DescriptionList, PageHeader, Spinner, Stack, Table, type TableColumn } from '@portal/ui';
import { call, functionLogs, functionView, requestSummary, type FunctionLogLine, type FunctionView, type RequestSummary } from './api.js';
import { POLL_MS, usePolled } from './polling.js';

/** Lines kept on the page; older ones scroll away. */
const LINES_SHOWN = 500;

/** The function's log lines, followed: each read asks for the lines after the last one shown (one function per mount). */
function useFunctionLogs(name: string): { lines: FunctionLogLine[]; error: string | null } {
  const [lines, setLines] = useState<FunctionLogLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    let after = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      call(`/api/functions/${encodeURIComponent(name)}/logs?after=${after}`, functionLogs)
        .then(
          ({ lines: added }) => {
            if (!current) return;
            setError(null);
            if (added.length === 0) return;
            after = added[added.length - 1]!.seq;
            setLines((shown) => [...shown, ...added].slice(-LINES_SHOWN));
          },
          (failure: Error) => current && setError(failure.message),
        )
        .finally(() => {
          if (current) timer = setTimeout(read, POLL_MS);
        });
    };
    read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name]);
  return { lines, error };
}

const invocationList = requestSummary.array();

function FunctionDetail({ fn }: { fn: FunctionView }) {
  const { lines, error } = useFunctionLogs(fn.name);
  const invocations = usePolled(`/api/functions/${encodeURIComponent(fn.name)}/invocations`, invocationList);
  const columns: TableColumn<RequestSummary>[] = [
    { key: 'time', header: 'Time', cell: (r) => new Date(r.time).toLocaleTimeString() },
    { key: 'method', header: 'Method', cell: (r) => r.method },
    { key: 'path', header: 'Path', cell: (r) => `${r.path}${r.query}` },
    { key: 'who', header: 'Role / user', cell: (r) => (r.email ? `${r.role} · ${r.email}` : r.role) },
    { key: 'status', header: 'Status', align: 'end', cell: (r) => <Badge tone={r.status >= 500 ? 'danger' : r.status >= 400 ? 'warning' : 'success'}>{String(r.status)}</Badge> },
    { key: 'duration', header: 'Duration', align: 'end', cell: (r) => `${r.durationMs.toFixed(1)} ms` },
  ];
  return (
    <Card role="region" aria-label={`Function ${fn.name}`}>
      <Stack>
        <h2>{fn.name}</h2>
        <DescriptionList
          items={[
            { term: 'Entrypoint', description: fn.entrypoint },
            { term: 'verify_jwt', description: fn.verifyJwt ? 'true: callers need a valid JWT' : 'false: anyone may call it' },
            { term: 'Import map', description: fn.importMap ? fn.importMap.file : '(none)' },
            ...(fn.description ? [{ term: 'Description', description: fn.description }] : []),
          ]}
        />
        {fn.importMap?.error && <p role="alert">The import map cannot be read: {fn.importMap.error}</p>}
        {fn.importMap && Object.keys(fn.importMap.imports).length > 0 && (
          <CodeBlock label="Import map entries" language={fn.importMap.file} code={JSON.stringify(fn.importMap.imports, null, 2)} wrap maxHeight="12rem" />
        )}
        <section aria-label="Invocations">
          <h3>Recent invocations</h3>
          {invocations.error && <p role="alert">{invocations.error}</p>}
          {invocations.value === null ? (
            <Spinner label="Reading the invocations" />
          ) : (
            <Table caption={`Invocations of ${fn.name}`} hideCaption columns={columns} rows={invocations.value} rowKey={(r) => String(r.id)} density="compact" empty="Not invoked since the emulator started." />
          )}
        </section>
        <section aria-label="Logs">
          <h3>Logs</h3>
          {error && <p role="alert">{error}</p>}
          {lines.length === 0 ? (
            <p className="console-note">No log line yet; lines appear here as the function writes them.</p>
          ) : (
            <ol className="console-log" aria-label={`Log lines of ${fn.name}`}>
              {lines.map((line) => (
                <li key={line.seq} data-level={line.level}>
                  <span className="console-note">{new Date(line.at).toLocaleTimeString()}</span> <Badge tone={line.level === 'error' ? 'danger' : line.level === 'warn' ? 'warning' : 'neutral'}>{line.level}</Badge>{' '}
                  <span className="console-log__text">{line.text}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </Stack>
    </Card>
  );
}

export function Functions() {
  const [list, setList] = useState<FunctionView[] | Error | null>(null);
  const [selected, setSelected] = useState<FunctionView | null>(null);
  useEffect(() => {
    call('/api/functions', functionView.array()).then(setList, setList);
  }, []);
  if (list === null) return <Spinner label="Reading the functions" />;
  if (list instanceof Error) return <p role="alert">The functions could not be read: {list.message}</p>;
  const columns: TableColumn<FunctionView>[] = [
    {
      key: 'name',
      header: 'Function',
      cell: (f) => (
        <button type="button" className="console-open" onClick={() => setSelected(f)} aria-label={`Open function ${f.name}`}>
          {f.name}
        </button>
      ),
    },
    { key: 'jwt', header: 'verify_jwt', cell: (f) => <Badge tone={f.verifyJwt ? 'success' : 'warning'}>{String(f.verifyJwt)}</Badge> },
    { key: 'map', header: 'Import map', cell: (f) => f.importMap?.file ?? '(none)' },
    { key: 'invocations', header: 'Invocations', align: 'end', cell: (f) => String(f.invocations) },
  ];
  return (
    <div className="console-page">
      <PageHeader title="Functions" description="The project's Edge Functions, their recent invocations and their log lines, followed live." />
      <Stack>
        <Table caption="Functions" hideCaption columns={columns} rows={list} rowKey={(f) => f.name} rowProps={(f) => ({ 'data-function': f.name }) as never} density="compact" empty="The project has no function (supabase/functions/<name>/index.ts)." />
        {selected && <FunctionDetail key={selected.name} fn={selected} />}
      </Stack>
    </div>
  );
}
