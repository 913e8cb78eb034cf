import { useEffect, useState } from 'react';
import { Alert, Button, Card, CodeBlock, DescriptionList, ErrorState, Inline, Spinner, Stack, type AlertTone } from '@portal/ui';
import { call, hiddenRows, requestEntry, rlsVerdict, type HiddenRows, type RequestEntry, type RlsVerdict } from './api.js';

function headerText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function Body({ label, body }: { label: string; body: RequestEntry['requestBody'] }) {
  if (body.text === null) return <p className="console-note">{label}: {body.note ?? 'none'}</p>;
  return <CodeBlock label={label} language={body.note ? `${label} (${body.note})` : label} code={body.text} wrap maxHeight="20rem" />;
}

const TONES: Record<string, AlertTone> = {
  'refused-by-policy': 'error',
  'refused-by-grant': 'error',
  failed: 'warning',
  bypassed: 'info',
  'rls-off': 'warning',
  answered: 'success',
};

function Verdict({ id, verdict }: { id: number; verdict: RlsVerdict }) {
  const [counting, setCounting] = useState(false);
  const [count, setCount] = useState<HiddenRows | null>(null);
  const [countError, setCountError] = useState<string | null>(null);

  async function countHidden() {
    setCounting(true);
    setCountError(null);
    try {
      setCount(await call(`/api/requests/${id}/hidden-rows`, hiddenRows, { method: 'POST', body: {} }));
    } catch (error) {
      setCountError((error as Error).message);
    } finally {
      setCounting(false);
    }
  }

  return (
    <section aria-label="RLS verdict" className="console-verdict">
      <h3>RLS verdict</h3>
      <Alert tone={TONES[verdict.outcome] ?? 'info'} title={`${verdict.commands.join(' / ')} on ${verdict.schema}.${verdict.table} as ${verdict.role}`}>
        <span data-verdict={verdict.outcome}>{verdict.summary}</span>
      </Alert>
      {verdict.policies.length > 0 ? (
        <Stack>
          {verdict.policies.map((policy) => (
            <Card key={policy.name} className="console-policy" data-policy={policy.name}>
              <h4>{policy.name}</h4>
              <DescriptionList
                items={[
                  { term: 'Table', description: `${verdict.schema}.${verdict.table}` },
                  { term: 'Command', description: policy.command },
                  { term: 'Roles', description: policy.roles.join(', ') },
                  { term: 'Kind', description: policy.permissive.toLowerCase() },
                  { term: 'using', description: policy.using ?? '(none)' },
                  { term: 'with check', description: policy.withCheck ?? '(none)' },
                ]}
              />
            </Card>
          ))}
        </Stack>
      ) : (
        <p className="console-note">No policy applies to this command and role.</p>
      )}
      {verdict.otherPolicies > 0 && (
        <p className="console-note">
          {verdict.otherPolicies} other {verdict.otherPolicies === 1 ? 'policy' : 'policies'} on the table {verdict.otherPolicies === 1 ? 'is' : 'are'} for other commands or roles.
        </p>
      )}
      {verdict.canCountHidden && (
        <Inline>
          <Button onClick={() => void countHidden()} loading={counting}>
            Count rows hidden by RLS
          </Button>
          {count && (
            <p role="status" className="console-hidden">
              {count.hidden} of {count.total} {count.total === 1 ? 'row' : 'rows'} hidden by RLS ({count.visible} visible to {verdict.role})
              {count.scope ? `, counting ${count.scope}` : ''}
            </p>
          )}
          {countError && <p role="alert">{countError}</p>}
        </Inline>
      )}
    </section>
  );
}

export function RequestDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const [entry, setEntry] = useState<RequestEntry | Error | null>(null);
  const [verdict, setVerdict] = useState<RlsVerdict | Error | null>(null);

  useEffect(() => {
    call(`/api/requests/${id}`, requestEntry).then(setEntry, setEntry);
  }, [id]);
  const explained = entry !== null && !(entry instanceof Error) && (entry.service === 'rest' || entry.service === 'storage');
  useEffect(() => {
    if (explained) call(`/api/requests/${id}/verdict`, rlsVerdict).then(setVerdict, setVerdict);
  }, [id, explained]);

  if (entry === null) return <Spinner label="Loading the request" />;
  if (entry instanceof Error) return <ErrorState title="The request could not be read" message={entry} />;
  return (
    <Card className="console-detail" aria-label={`Request ${entry.method} ${entry.path}`} role="region">
      <Inline className="console-detail__head">
        <h2>
          {entry.method} {entry.path}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </Inline>
      <DescriptionList
        items={[
          { term: 'Time', description: entry.time },
          { term: 'Status', description: String(entry.status) },
          { term: 'Role', description: entry.role },
          { term: 'User', description: entry.email ? `${entry.email} (${entry.user ?? ''})` : (entry.user ?? '(none)') },
          { term: 'Duration', description: `${entry.durationMs.toFixed(1)} ms` },
          { term: 'Rows', description: entry.rows === null ? '(not a listing)' : String(entry.rows) },
          { term: 'Query', description: entry.query || '(none)' },
        ]}
      />
      {explained &&
        (verdict === null ? (
          <Spinner label="Asking Postgres which policies applied" />
        ) : verdict instanceof Error ? (
          <Alert tone="info" title="No RLS verdict">
            {verdict.message}
          </Alert>
        ) : (
          <Verdict id={entry.id} verdict={verdict} />
        ))}
      <Stack>
        {Object.keys(entry.requestHeaders).length > 0 && <CodeBlock label="Request headers" language="Request headers" code={headerText(entry.requestHeaders)} wrap />}
        <Body label="Request body" body={entry.requestBody} />
        {Object.keys(entry.responseHeaders).length > 0 && <CodeBlock label="Response headers" language="Response headers" code={headerText(entry.responseHeaders)} wrap />}
        <Body label="Response body" body={entry.responseBody} />
      </Stack>
    </Card>
  );
}
