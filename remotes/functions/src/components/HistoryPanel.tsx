// The person's past invocations in this browser: searchable, re-runnable, copyable as code.
import { Alert, Badge, Button, CodeBlock, EmptyState, TextInput } from '@portal/ui';
import { useMemo, useState, type ReactNode } from 'react';
import {
  curlSnippet,
  fetchSnippet,
  invokeSnippet,
  type SnippetContext,
} from '../codegen/snippets.js';
import { searchHistory, type HistoryEntry } from '../history/history-entry.js';
import { invokeTarget } from '../invoke/request.js';

type SnippetKind = 'invoke' | 'fetch' | 'curl';

export function HistoryPanel({
  entries,
  note,
  problem = null,
  onRerun,
  snippetContext,
  onClear,
}: {
  entries: HistoryEntry[];
  /** Why a call is missing from the list (the browser would not store it). */
  note: string | null;
  /** What the history's storage refused (reading or clearing it), in words. */
  problem?: { title: string; text: string } | null;
  onRerun(entry: HistoryEntry): void;
  snippetContext: (entry: HistoryEntry) => Promise<SnippetContext>;
  onClear(): void;
}): ReactNode {
  const [query, setQuery] = useState('');
  const [snippet, setSnippet] = useState<{ id: string; kind: SnippetKind; code: string } | null>(
    null,
  );
  const shown = useMemo(() => searchHistory(entries, query), [entries, query]);
  const copy = async (entry: HistoryEntry, kind: SnippetKind) => {
    const context = await snippetContext(entry);
    const code =
      kind === 'invoke'
        ? invokeSnippet(entry.request)
        : kind === 'fetch'
          ? fetchSnippet(entry.request, context)
          : curlSnippet(entry.request, context);
    setSnippet({ id: entry.id, kind, code });
    await navigator.clipboard?.writeText(code).catch(() => undefined);
  };
  return (
    <section className="fn-history" aria-label="History">
      <div className="fn-history__head">
        <h2 className="fn-section-title">History</h2>
        <TextInput
          aria-label="Search the history"
          placeholder="Search: function, status, body…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {entries.length ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
      {note ? (
        <Alert tone="warning" title="Not kept in the history" data-testid="history-not-kept">
          {note}
        </Alert>
      ) : null}
      {problem ? (
        <Alert tone="warning" title={problem.title} data-testid="history-problem">
          {problem.text}
        </Alert>
      ) : null}
      {/* "No calls yet" would be untrue of a history that could not be read. */}
      {shown.length === 0 && !(problem && entries.length === 0) ? (
        <EmptyState
          title={entries.length ? 'Nothing matches' : 'No calls yet'}
          description={entries.length ? 'Try other words.' : 'Your calls are kept in this browser.'}
        />
      ) : null}
      <ol className="fn-history__list">
        {shown.map((entry) => (
          <li
            key={entry.id}
            className="fn-history__item"
            data-history-id={entry.id}
            data-function={entry.request.functionName}
          >
            <div className="fn-history__line">
              <Badge
                tone={
                  entry.kind === 'ok' ? 'success' : entry.kind === 'stopped' ? 'warning' : 'danger'
                }
              >
                {entry.status ?? entry.kind}
              </Badge>
              <code className="fn-history__target">
                {entry.request.method} {invokeTarget(entry.request)}
              </code>
              <span className="fn-history__meta">
                {entry.request.as === 'anonymous' ? 'anonymous · ' : ''}
                {Math.round(entry.durationMs)} ms · {new Date(entry.at).toLocaleString()}
              </span>
            </div>
            <div className="fn-history__actions">
              <Button size="sm" variant="secondary" onClick={() => onRerun(entry)}>
                Run again
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void copy(entry, 'invoke')}>
                Copy invoke
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void copy(entry, 'fetch')}>
                Copy fetch
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void copy(entry, 'curl')}>
                Copy curl
              </Button>
            </div>
            {snippet?.id === entry.id ? (
              <CodeBlock
                code={snippet.code}
                label={snippet.kind}
                data-snippet={snippet.kind}
                wrap
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
