// The query box, the ranking toggle, the filters and the results (top passages with their
// similarity, document, highlighted words, a link to the passage and "more like this").
import { useSupabase } from '@portal/platform';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Field,
  Form,
  Inline,
  Select,
  Spinner,
  Stack,
  TextInput,
  TextLink,
} from '@portal/ui';
import { useCallback, useState, type ReactNode } from 'react';
import {
  searchPassages,
  similarPassages,
  type SearchFilters,
  type SearchMode,
  type SearchResult,
} from '../data-access/search-api.js';
import { documentHref } from '../location.js';
import type { SourceKind } from '../text/extract-text.js';
import { Highlighted } from './Highlighted.js';

const MODES: { value: SearchMode; label: string }[] = [
  { value: 'hybrid', label: 'Hybrid (meaning and words)' },
  { value: 'vector', label: 'Meaning only (vector)' },
  { value: 'fulltext', label: 'Words only (full text)' },
];
export const SOURCE_LABELS: Record<SourceKind, string> = {
  paste: 'Pasted text',
  text: 'Text file',
  markdown: 'Markdown',
  html: 'HTML',
  pdf: 'PDF',
};

type Asked =
  | { kind: 'query'; query: string }
  | { kind: 'similar'; documentId: string; passageIndex: number; title: string; text: string };
type State =
  | { status: 'idle' }
  | { status: 'loading'; asked: Asked }
  | { status: 'done'; asked: Asked; results: SearchResult[]; ms: number }
  | { status: 'error'; asked: Asked; error: Error };

/** A date input's day → the ISO instant it starts at (local midnight); `to` ends after that day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayAfter = (day: string) =>
  new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000).toISOString();

export function SearchPanel({
  route,
  documentCount,
  onAdd,
}: {
  route: string;
  documentCount: number | null;
  onAdd: () => void;
}): ReactNode {
  const supabase = useSupabase();
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<SearchMode>('hybrid');
  const [source, setSource] = useState<'' | SourceKind>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });

  const filters = useCallback(
    (): SearchFilters => ({
      mode,
      topK: 10,
      ...(source ? { sources: [source] } : {}),
      ...(from ? { from: dayStart(from) } : {}),
      ...(to ? { to: dayAfter(to) } : {}),
    }),
    [mode, source, from, to],
  );

  const run = useCallback(
    async (asked: Asked) => {
      setState({ status: 'loading', asked });
      const started = performance.now();
      try {
        const results =
          asked.kind === 'query'
            ? await searchPassages(supabase, asked.query, filters())
            : await similarPassages(supabase, asked.documentId, asked.passageIndex, filters());
        setState({ status: 'done', asked, results, ms: Math.round(performance.now() - started) });
      } catch (error) {
        setState({ status: 'error', asked, error: error as Error });
      }
    },
    [supabase, filters],
  );

  const submit = () => {
    if (/[\p{L}\p{N}]/u.test(query)) void run({ kind: 'query', query: query.trim() });
  };
  const highlightWith =
    state.status !== 'idle'
      ? state.asked.kind === 'query'
        ? state.asked.query
        : state.asked.text
      : '';

  return (
    <Stack gap={4}>
      <Form onSubmit={submit} aria-label="Search your documents">
        <Stack gap={3}>
          <Field
            label="Search by meaning"
            hint="Describe what you are looking for in your own words."
          >
            <TextInput
              type="search"
              name="query"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="e.g. how long do refunds take"
            />
          </Field>
          <div className="search-filters">
            <Field label="Ranking">
              <Select
                name="mode"
                value={mode}
                onChange={(e) => setMode(e.target.value as SearchMode)}
                options={MODES}
              />
            </Field>
            <Field label="Source">
              <Select
                name="source"
                value={source}
                onChange={(e) => setSource(e.target.value as '' | SourceKind)}
                options={[
                  { value: '', label: 'Any source' },
                  ...Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label })),
                ]}
              />
            </Field>
            <Field label="Added from">
              <TextInput
                type="date"
                name="from"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </Field>
            <Field label="Added until">
              <TextInput type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
          </div>
          <Inline>
            <Button
              type="submit"
              variant="primary"
              loading={state.status === 'loading'}
              disabled={!/[\p{L}\p{N}]/u.test(query)}
            >
              Search
            </Button>
          </Inline>
        </Stack>
      </Form>
      <Results
        state={state}
        route={route}
        documentCount={documentCount}
        onAdd={onAdd}
        highlightWith={highlightWith}
        onRetry={() => state.status === 'error' && void run(state.asked)}
        onSimilar={(r) =>
          void run({
            kind: 'similar',
            documentId: r.documentId,
            passageIndex: r.passageIndex,
            title: r.title,
            text: r.text,
          })
        }
      />
    </Stack>
  );
}

function Results({
  state,
  route,
  documentCount,
  onAdd,
  highlightWith,
  onRetry,
  onSimilar,
}: {
  state: State;
  route: string;
  documentCount: number | null;
  onAdd: () => void;
  highlightWith: string;
  onRetry: () => void;
  onSimilar: (result: SearchResult) => void;
}): ReactNode {
  if (documentCount === 0 && state.status === 'idle') {
    return (
      <EmptyState
        title="No documents yet"
        description="Add a text or a file first; then search it by what it means."
        action={
          <Button variant="primary" onClick={onAdd}>
            Add documents
          </Button>
        }
      />
    );
  }
  if (state.status === 'idle') return null;
  if (state.status === 'loading') return <Spinner label="Searching…" />;
  if (state.status === 'error') {
    return (
      <ErrorState
        title="The search failed"
        message={`${state.error.message} Check your connection and try again.`}
        onRetry={onRetry}
      />
    );
  }
  const about =
    state.asked.kind === 'similar'
      ? `passages like one in “${state.asked.title}”`
      : `“${state.asked.query}”`;
  if (state.results.length === 0) {
    return (
      <EmptyState
        className="search-no-results"
        title="Nothing found"
        description={`No passage of yours matches ${about}. Try other words, the hybrid ranking, or wider filters.`}
      />
    );
  }
  return (
    <Stack gap={2}>
      <p className="search-muted" role="status">
        {state.results.length} passages for {about} in {state.ms} ms
      </p>
      <ol className="search-results" aria-label="Results">
        {state.results.map((result) => (
          <li
            key={`${result.documentId}/${result.passageIndex}`}
            className="search-result"
            data-document={result.documentId}
            data-passage={result.passageIndex}
          >
            <Inline gap={2}>
              <TextLink
                href={documentHref(route, result.documentId, result.passageIndex)}
                className="search-result__open"
              >
                {result.title}
                {result.heading && result.heading !== result.title ? ` › ${result.heading}` : ''}
              </TextLink>
              <Badge>{SOURCE_LABELS[result.source]}</Badge>
              {result.similarity !== null && (
                <Badge tone="info">similarity {result.similarity.toFixed(2)}</Badge>
              )}
              {result.vectorRank !== null && (
                <span className="search-muted">meaning #{result.vectorRank}</span>
              )}
              {result.textRank !== null && (
                <span className="search-muted">words #{result.textRank}</span>
              )}
            </Inline>
            <p className="search-result__text">
              <Highlighted text={result.text} query={highlightWith} />
            </p>
            <Inline gap={2}>
              <span className="search-muted">
                Added {new Date(result.created).toLocaleDateString()}
              </span>
              <Button size="sm" variant="ghost" onClick={() => onSimilar(result)}>
                More like this passage
              </Button>
            </Inline>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
