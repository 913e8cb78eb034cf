// The query box, the ranking toggle, the filters and the results (top passages with how well
// they match in words, document, pages, highlighted words, a link to the passage and "more like
// this"). Weak matches (neither the query's words nor close in meaning) are folded away: a query
// that matches nothing well says so instead of listing whatever is nearest.
// The search lives in the address (`location.ts`): Search pushes it there, and whatever address
// is shown (typed, reloaded, shared, back/forward) is the search that runs.
import { navigate, useSupabase, useRetryWhenBack } from '@portal/platform';
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
import { countOf } from '@portal/ui/words';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  searchPassages,
  similarPassages,
  type SearchFilters,
  type SearchAnswer,
  type SearchMode,
  type SearchResult,
} from '../data-access/search-api.js';
import { documentHref, searchHref, type SearchQuery } from '../location.js';
import type { SourceKind } from '../text/extract-text.js';
import { isUnreachable, whatNext } from '../failures.js';
import { describePages } from '../text/pdf-text.js';
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
  | { status: 'done'; asked: Asked; answer: SearchAnswer; ms: number }
  | { status: 'error'; asked: Asked; error: Error };

/** A date input's day → the ISO instant it starts at (local midnight); `to` ends after that day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayAfter = (day: string) =>
  new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000).toISOString();

const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

function filtersOf(searched: SearchQuery): SearchFilters {
  return {
    mode: searched.mode,
    topK: 10,
    ...(searched.source ? { sources: [searched.source] } : {}),
    ...(searched.from ? { from: dayStart(searched.from) } : {}),
    ...(searched.to ? { to: dayAfter(searched.to) } : {}),
  };
}

export function SearchPanel({
  route,
  searched,
  documentCount,
  onAdd,
}: {
  route: string;
  /** The search in the address. */
  searched: SearchQuery;
  documentCount: number | null;
  onAdd: () => void;
}): ReactNode {
  const supabase = useSupabase();
  // The form starts from the address and follows it when it changes (back/forward, a link).
  const [draft, setDraft] = useState<SearchQuery>(searched);
  const [shown, setShown] = useState<SearchQuery>(searched);
  if (searchHref(route, shown) !== searchHref(route, searched)) {
    setShown(searched);
    setDraft(searched);
  }
  const { query, mode, source, from, to } = draft;
  const change = (part: Partial<SearchQuery>) => setDraft((current) => ({ ...current, ...part }));
  const [runs, setRuns] = useState(0);
  const address = searchHref(route, searched);
  // What is shown belongs to one asking of one address: anything else is still loading.
  const asking = `${address}#${runs}`;
  const [stored, setStored] = useState<{ asking: string; state: State } | null>(null);
  const askedByAddress: Asked = { kind: 'query', query: searched.query.trim() };
  const state: State =
    stored?.asking === asking
      ? stored.state
      : hasWord(searched.query)
        ? { status: 'loading', asked: askedByAddress }
        : { status: 'idle' };

  const run = useCallback(
    async (asked: Asked, filters: SearchFilters): Promise<State> => {
      const started = performance.now();
      try {
        const answer =
          asked.kind === 'query'
            ? await searchPassages(supabase, asked.query, filters)
            : await similarPassages(supabase, asked.documentId, asked.passageIndex, filters);
        return { status: 'done', asked, answer, ms: Math.round(performance.now() - started) };
      } catch (error) {
        return { status: 'error', asked, error: error as Error };
      }
    },
    [supabase],
  );

  useEffect(() => {
    if (!hasWord(searched.query)) return;
    let current = true;
    const key = `${searchHref(route, searched)}#${runs}`;
    run({ kind: 'query', query: searched.query.trim() }, filtersOf(searched)).then(
      (done) => current && setStored({ asking: key, state: done }),
    );
    return () => {
      current = false;
    };
    // `searched` is the same object while the address is the same; `runs` asks again.
  }, [route, searched, runs, run]);

  /** A search the page asks for itself (retry, "more like this"), shown until the address moves. */
  const runHere = (asked: Asked) => {
    setStored({ asking, state: { status: 'loading', asked } });
    void run(asked, filtersOf(searched)).then((done) => setStored({ asking, state: done }));
  };

  // A search that failed for want of an answer runs again once the server answers.
  useRetryWhenBack(state.status === 'error' && isUnreachable(state.error), () => {
    if (state.status === 'error') runHere(state.asked);
  });

  const submit = () => {
    if (!hasWord(query)) return;
    const next = searchHref(route, { ...draft, query: query.trim() });
    if (next === address) setRuns((n) => n + 1);
    else navigate(next);
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
              onChange={(e) => change({ query: e.target.value })}
              placeholder="e.g. how long do refunds take"
            />
          </Field>
          <div className="search-filters">
            <Field label="Ranking">
              <Select
                name="mode"
                value={mode}
                onChange={(e) => change({ mode: e.target.value as SearchMode })}
                options={MODES}
              />
            </Field>
            <Field label="Source">
              <Select
                name="source"
                value={source}
                onChange={(e) => change({ source: e.target.value as '' | SourceKind })}
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
                onChange={(e) => change({ from: e.target.value })}
              />
            </Field>
            <Field label="Added until">
              <TextInput
                type="date"
                name="to"
                value={to}
                onChange={(e) => change({ to: e.target.value })}
              />
            </Field>
          </div>
          <Inline>
            <Button
              type="submit"
              variant="primary"
              loading={state.status === 'loading'}
              disabled={!hasWord(query)}
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
        onRetry={() => state.status === 'error' && runHere(state.asked)}
        onSimilar={(r) =>
          runHere({
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
        message={whatNext(state.error)}
        onRetry={onRetry}
      />
    );
  }
  const about =
    state.asked.kind === 'similar'
      ? `passages like one in “${state.asked.title}”`
      : `“${state.asked.query}”`;
  const { results, leftOut } = state.answer;
  const good = results.filter((result) => result.match !== 'weak');
  const weak = results.filter((result) => result.match === 'weak');
  const list = (shown: SearchResult[], label: string) => (
    <ol className="search-results" aria-label={label}>
      {shown.map((result) => (
        <ResultItem
          key={`${result.documentId}/${result.passageIndex}`}
          result={result}
          route={route}
          highlightWith={highlightWith}
          onSimilar={onSimilar}
        />
      ))}
    </ol>
  );
  const notSearched =
    leftOut > 0 ? (
      <p className="search-muted" data-testid="left-out">
        {leftOut === 1
          ? '1 document is not searched: its file was deleted, is in the trash or was moved where you cannot read it. '
          : `${leftOut} documents are not searched: their files were deleted, are in the trash or were moved where you cannot read them. `}
        <TextLink href={`${route}/documents`}>See your documents</TextLink>
      </p>
    ) : null;
  if (results.length === 0) {
    return (
      <Stack gap={2}>
        <EmptyState
          className="search-no-results"
          title="Nothing found"
          description={`No passage of yours matches ${about}. Try other words, the hybrid ranking, or wider filters.`}
        />
        {notSearched}
      </Stack>
    );
  }
  const weakFold =
    weak.length > 0 ? (
      <details className="search-weak">
        <summary>
          {good.length === 0
            ? `Show the ${weak.length === 1 ? 'closest passage' : `${weak.length} closest passages`} anyway`
            : `Show ${weak.length} weak ${weak.length === 1 ? 'match' : 'matches'}`}
        </summary>
        {list(weak, 'Weak matches')}
      </details>
    ) : null;
  if (good.length === 0) {
    return (
      <Stack gap={2}>
        <EmptyState
          className="search-no-results search-no-good-match"
          role="status"
          title={`No good match for ${about}`}
          description={
            state.asked.kind === 'similar'
              ? 'No other passage of yours comes close to this one in meaning.'
              : 'None of your passages holds its words or comes close to it in meaning. Try other words, or wider filters.'
          }
        />
        {weakFold}
        {notSearched}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <p className="search-muted" role="status">
        {countOf(good.length, 'passage')} for {about} in {state.ms} ms
      </p>
      {list(good, 'Results')}
      {weakFold}
      {notSearched}
    </Stack>
  );
}

const MATCH_WORDS: Record<SearchResult['match'], { label: string; tone: 'success' | 'info' | 'neutral' }> = {
  strong: { label: 'Strong match', tone: 'success' },
  good: { label: 'Good match', tone: 'info' },
  weak: { label: 'Weak match', tone: 'neutral' },
};

/** Why a result matches, in words: its words, its meaning, both, or neither. */
function matchReason(result: SearchResult, minSimilarity: boolean): string {
  const words = result.wordMatch === true;
  if (words && minSimilarity) return 'holds your words and is close in meaning';
  if (words) return 'holds your words';
  if (minSimilarity) return 'close in meaning';
  return result.wordMatch === null ? 'not close in meaning' : 'neither your words nor close in meaning';
}

function ResultItem({
  result,
  route,
  highlightWith,
  onSimilar,
}: {
  result: SearchResult;
  route: string;
  highlightWith: string;
  onSimilar: (result: SearchResult) => void;
}): ReactNode {
  const words = MATCH_WORDS[result.match];
  // Good or strong without the words is close in meaning; strong with them, both.
  const meaning =
    result.wordMatch === true ? result.match === 'strong' : result.match !== 'weak';
  return (
    <li
      className="search-result"
      data-document={result.documentId}
      data-passage={result.passageIndex}
      data-match={result.match}
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
        {result.pages && <span className="search-result__pages">{describePages(result.pages)}</span>}
        <Badge tone={words.tone} className="search-result__match">
          {words.label}
        </Badge>
        <span className="search-muted">{matchReason(result, meaning)}</span>
      </Inline>
      {result.sourceChanged && (
        <p className="search-muted search-result__changed">
          Its file changed since it was added.{' '}
          <TextLink href={`${route}/documents`}>Re-index it in your documents</TextLink>
        </p>
      )}
      <p className="search-result__text">
        <Highlighted text={result.text} query={highlightWith} />
      </p>
      <Inline gap={2}>
        <span className="search-muted">Added {new Date(result.created).toLocaleDateString()}</span>
        <Button size="sm" variant="ghost" onClick={() => onSimilar(result)}>
          More like this passage
        </Button>
      </Inline>
    </li>
  );
}
