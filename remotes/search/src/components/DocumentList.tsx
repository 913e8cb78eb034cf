// The person's documents: passage counts and index status; re-index one or all; delete (the
// function removes the passages' vectors too). A document picked from storage is re-indexed by
// reading its file again (it may have changed): the new version replaces the old once ready.
// Such a document says where its file stands (the database follows it): changed since it was
// added (re-index), in the trash, deleted, or moved where the person cannot read it (remove).
import { useSupabase } from '@portal/platform';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Inline,
  Stack,
  Table,
  TextLink,
  toast,
} from '@portal/ui';
import { countOf } from '@portal/ui/words';
import { useState, type ReactNode } from 'react';
import {
  deleteDocuments,
  reindexDocuments,
  type DocumentSummary,
} from '../data-access/search-api.js';
import { searchFailure, whatNext } from '../failures.js';
import { rereadStoredDocument } from '../indexing/reread-stored.js';
import { sourceStateInWords } from '../indexing/source-state.js';
import { documentHref } from '../location.js';
import { SOURCE_LABELS } from './SearchPanel.js';

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; documents: DocumentSummary[] };

export function DocumentList({
  route,
  state,
  reload,
  onAdd,
}: {
  route: string;
  state: DocumentsState;
  reload: () => void;
  onAdd: () => void;
}): ReactNode {
  const supabase = useSupabase();
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  // What is being re-indexed: document ids, and "all" while "Re-index all" runs. Each re-index
  // ends only its own: with one flag for all, the first to end took the spinner off another
  // still running and offered "Re-index all" beside it.
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  async function reindex(docs: DocumentSummary[], all: boolean) {
    const mark = all ? 'all' : (docs[0]?.id ?? 'all');
    setBusy((current) => new Set(current).add(mark));
    let rereadCount = 0;
    try {
      // A file that is gone cannot be read again, and its document is not searched: left alone.
      const stored = docs.filter(
        (doc): doc is DocumentSummary & { storage_path: string } =>
          doc.storage_path !== null && doc.source_status === 'present',
      );
      const others = docs.filter((doc) => doc.storage_path === null).map((doc) => doc.id);
      for (const doc of stored) {
        await rereadStoredDocument(supabase, doc);
        rereadCount += 1;
      }
      const { reindexed } =
        others.length > 0 ? await reindexDocuments(supabase, others) : { reindexed: [] };
      const count = stored.length + reindexed.length;
      toast.success(
        `Re-indexed ${countOf(count, 'document')}${stored.length > 0 ? ` (${stored.length} read again from your storage)` : ''}.`,
      );
    } catch (error) {
      toast.error(
        `${searchFailure(error).message}${rereadCount > 0 ? ` ${countOf(rereadCount, 'document')} ${rereadCount === 1 ? 'was' : 'were'} read again from your storage and re-indexed before this.` : ''}`,
        { title: 'Re-indexing failed' },
      );
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(mark);
        return next;
      });
      // Read the list again however it ended: a document read again from storage before a
      // later one failed is a new version with a new id, and the list linked the deleted one.
      reload();
    }
  }

  if (state.status === 'error')
    return (
      <ErrorState
        title="Your documents could not be listed"
        message={whatNext(state.error)}
        onRetry={reload}
      />
    );
  const documents = state.status === 'ready' ? state.documents : [];
  return (
    <Card
      title="Your documents"
      description="Only you can see or search these."
      actions={
        <Button
          size="sm"
          onClick={() => void reindex(documents, true)}
          loading={busy.has('all')}
          // Not beside a document's own re-index: that document would be re-indexed twice at once.
          disabled={documents.length === 0 || (busy.size > 0 && !busy.has('all'))}
        >
          Re-index all
        </Button>
      }
      flush
    >
      <Table
        caption="Your documents"
        hideCaption
        loading={state.status === 'loading'}
        rows={documents}
        rowKey={(doc) => doc.id}
        wrapCells
        // On a phone a card per document: as a table its actions were past the box's right edge.
        stackBelow="40rem"
        // Not shown while `loading`: the Table leaves its empty slot blank then.
        empty={
          <EmptyState
            title="No documents yet"
            description="Add a text or a file to search it by meaning."
            action={
              <Button variant="primary" onClick={onAdd}>
                Add documents
              </Button>
            }
          />
        }
        columns={[
          {
            key: 'title',
            header: 'Title',
            cell: (doc) => <TextLink href={documentHref(route, doc.id)}>{doc.title}</TextLink>,
          },
          {
            key: 'source',
            header: 'Source',
            cell: (doc) =>
              SOURCE_LABELS[doc.source] +
              (doc.storage_path
                ? ` (storage: ${doc.storage_path})`
                : doc.file_name
                  ? ` (${doc.file_name})`
                  : ''),
          },
          {
            key: 'passages',
            header: 'Passages',
            align: 'end',
            cell: (doc) => String(doc.passage_count),
          },
          {
            key: 'status',
            header: 'Index',
            cell: (doc) => (
              <Stack gap={1} align="start">
                {doc.status === 'ready' ? (
                  <Badge tone="success">ready</Badge>
                ) : (
                  <Badge tone="warning">indexing</Badge>
                )}
                <SourceState doc={doc} />
              </Stack>
            ),
          },
          {
            key: 'created',
            header: 'Added',
            cell: (doc) => new Date(doc.created_at).toLocaleString(),
          },
          {
            key: 'actions',
            header: 'Actions',
            cell: (doc) => (
              <Inline gap={1}>
                {doc.source_status === 'present' ? (
                  <Button
                    size="sm"
                    variant={doc.source_changed_at ? 'primary' : 'ghost'}
                    loading={busy.has(doc.id) || busy.has('all')}
                    onClick={() => void reindex([doc], false)}
                    aria-label={`Re-index ${doc.title}`}
                  >
                    Re-index
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(doc)}
                  aria-label={`Delete ${doc.title}`}
                >
                  Delete
                </Button>
              </Inline>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        tone="danger"
        title={`Delete “${deleting?.title ?? ''}”?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          const { vectorsRemoved } = await deleteDocuments(supabase, [deleting.id]);
          toast.success(`Deleted “${deleting.title}” and its ${countOf(vectorsRemoved, 'passage')}.`);
          setDeleting(null);
          reload();
        }}
      >
        The document, its passages and their vectors are removed; searches will no longer find it.
      </ConfirmDialog>
    </Card>
  );
}

const SOURCE_BADGES: Record<DocumentSummary['source_status'], string> = {
  present: 'file changed',
  trashed: 'file in the trash',
  deleted: 'file deleted',
  out_of_reach: 'file out of reach',
};

function SourceState({ doc }: { doc: DocumentSummary }): ReactNode {
  const words = sourceStateInWords(doc);
  if (!words) return null;
  return (
    <span className="search-source-state" data-source-status={doc.source_status}>
      <Badge tone={doc.source_status === 'present' ? 'warning' : 'danger'}>
        {SOURCE_BADGES[doc.source_status]}
      </Badge>{' '}
      <span className="search-muted">{words}</span>
    </span>
  );
}
