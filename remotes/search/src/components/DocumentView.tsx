// One document, opened at a passage: the whole text, with the passage marked and scrolled to.
// A document taken from a stored file says where that file stands, and offers to read it again
// when it changed since.
import { navigate, useSupabase, useRetryWhenBack } from '@portal/platform';
import { Alert, Badge, Button, Card, ErrorState, Inline, Spinner, Stack, TextLink } from '@portal/ui';
import { countOf } from '@portal/ui/words';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  getDocument,
  type DocumentSummary,
  type StoredPassage,
} from '../data-access/search-api.js';
import { isUnreachable, searchFailure, whatNext } from '../failures.js';
import { rereadStoredDocument } from '../indexing/reread-stored.js';
import { sourceStateInWords } from '../indexing/source-state.js';
import { documentHref } from '../location.js';
import { describePages } from '../text/pdf-text.js';
import { SOURCE_LABELS } from './SearchPanel.js';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; document: DocumentSummary & { body: string }; passages: StoredPassage[] };

export function DocumentView({
  route,
  id,
  passage,
}: {
  route: string;
  id: string;
  passage: number | null;
}): ReactNode {
  const supabase = useSupabase();
  const [loaded, setLoaded] = useState<{ id: string; state: Loaded } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const state: Loaded = loaded?.id === `${id}:${attempt}` ? loaded.state : { status: 'loading' };
  const marked = useRef<HTMLElement>(null);
  const [rereading, setRereading] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  useEffect(() => {
    let live = true;
    const key = `${id}:${attempt}`;
    getDocument(supabase, id).then(
      (result) => live && setLoaded({ id: key, state: { status: 'ready', ...result } }),
      (error: Error) => live && setLoaded({ id: key, state: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [supabase, id, attempt]);

  useRetryWhenBack(state.status === 'error' && isUnreachable(state.error), () =>
    setAttempt((n) => n + 1),
  );

  useEffect(() => {
    if (state.status === 'ready') marked.current?.scrollIntoView({ block: 'center' });
  }, [state.status, passage]);

  const back = <TextLink href={route}>Back to search</TextLink>;
  if (state.status === 'loading') return <Spinner label="Opening the document…" showLabel />;
  if (state.status === 'error') {
    return (
      <Stack gap={3}>
        {back}
        <ErrorState
          title="This document could not be opened"
          message={
            isUnreachable(state.error)
              ? whatNext(state.error)
              : `${state.error.message} It may have been deleted.`
          }
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </Stack>
    );
  }
  const { document, passages } = state;
  const target = passages.find((p) => p.passage_index === passage) ?? null;
  const body = document.body;
  const fileState = sourceStateInWords(document);
  const reread = async (path: string) => {
    setRereading({ busy: true, error: null });
    try {
      const added = await rereadStoredDocument(supabase, { id: document.id, storage_path: path });
      setRereading({ busy: false, error: null });
      // The new version has a new id; the passage may have moved, so it opens at the top.
      navigate(documentHref(route, added.id), { replace: true });
    } catch (error) {
      setRereading({ busy: false, error: searchFailure(error).message });
    }
  };
  return (
    <Stack gap={3}>
      {back}
      {fileState ? (
        <Alert
          tone={document.source_status === 'present' ? 'warning' : 'error'}
          data-testid="document-file-state"
        >
          <Stack gap={2}>
            <span>{fileState}</span>
            {document.source_status === 'present' && document.storage_path ? (
              <Inline>
                <Button
                  size="sm"
                  loading={rereading.busy}
                  onClick={() => void reread(document.storage_path!)}
                >
                  Re-index
                </Button>
              </Inline>
            ) : null}
            {rereading.error ? <span>Re-indexing failed: {rereading.error}</span> : null}
          </Stack>
        </Alert>
      ) : null}
      <Card
        title={document.title}
        description={
          <Inline gap={2}>
            <Badge>{SOURCE_LABELS[document.source]}</Badge>
            <span>
              {countOf(document.passage_count, 'passage')} · added{' '}
              {new Date(document.created_at).toLocaleString()}
            </span>
            {target && <span>· passage {target.passage_index + 1}</span>}
            {target && target.page_first !== null && target.page_last !== null && (
              <span className="search-doc__pages">
                · {describePages({ first: target.page_first, last: target.page_last })}
              </span>
            )}
            {document.storage_path && <span>· from your storage: {document.storage_path}</span>}
          </Inline>
        }
      >
        <p className="search-doc" data-document={document.id}>
          {target ? (
            <>
              {body.slice(0, target.start_offset)}
              <mark ref={marked} data-current="true" data-passage={target.passage_index}>
                {body.slice(target.start_offset, target.end_offset)}
              </mark>
              {body.slice(target.end_offset)}
            </>
          ) : (
            body
          )}
        </p>
      </Card>
    </Stack>
  );
}
