// An area's Trash (trash.ts says how it is kept in storage): what was deleted there, from where,
// when and by whom; restore an item to where it was (asking Replace / Keep both / Cancel when its
// name is taken there again), delete one for good, or empty the trash. Items older than
// TRASH_DAYS are deleted for good when someone who may delete opens it. In a project, its owners
// and editors — the people who may delete there — share its trash; storage's policies decide.
import { navigate, usePortal, useProfiles, useUser, useRetryWhenBack } from '@portal/platform';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  FileIcon,
  FolderIcon,
  Inline,
  PageHeader,
  Stack,
  Table,
  TextLink,
  type TableColumn,
} from '@portal/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { describeFailure, filesFailure, whatNext, type FilesFailure } from '../failures.js';
import { filesHref, folderView, type FilesView } from '../location.js';
import { freeNameIn } from '../move-entries.js';
import { placeInWords, type Area } from '../places.js';
import { listKeysUnder } from '../storage/folder-contents.js';
import { listTrash, removeKeys } from '../storage/trash-objects.js';
import { moveAllOrNothing, moveFailureInWords } from '../storage/moves.js';
import { namesTakenIn } from '../storage/names-taken.js';
import { objectAuthors, authorName, type Author } from '../storage/authors.js';
import { isExpired, planRestore, planTrash, TRASH_DAYS, type TrashItem } from '../trash.js';
import { sizeInWords } from '../upload/checks.js';
import { NARROW_LIST } from '../files.css.js';
import { NameConflictChoices, type NameConflictChoice } from './NameConflictChoices.js';

type Listing =
  | { status: 'loading' }
  | { status: 'error'; error: FilesFailure }
  | { status: 'ready'; items: TrashItem[]; authors: Map<string, Author>; purged: number };

interface Props {
  route: string;
  bucket: string;
  area: Area;
  view: FilesView;
}

export function TrashView({ route, bucket, area, view }: Props): ReactNode {
  const { supabase, notify } = usePortal();
  const me = useUser()?.id ?? null;
  const { profiles } = useProfiles();
  const writable = area.readOnly === null;
  const [reads, setReads] = useState(0);
  const [loaded, setLoaded] = useState<{ reads: number; listing: Listing } | null>(null);
  // A listing read again (after a restore, say) stays on screen until the new one arrives.
  const listing: Listing = loaded?.listing ?? { status: 'loading' };
  const readAgain = useCallback(() => setReads((n) => n + 1), []);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [emptying, setEmptying] = useState(false);
  const [forever, setForever] = useState<TrashItem | null>(null);
  const [question, setQuestion] = useState<{
    item: TrashItem;
    answer: (choice: NameConflictChoice) => void;
  } | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      let items = await listTrash(supabase, bucket, area.folder);
      // Kept TRASH_DAYS: what is older goes for good now, by whoever may delete it.
      let purged = 0;
      const expired = writable ? items.filter((item) => isExpired(item, Date.now())) : [];
      if (expired.length > 0) {
        purged = await removeKeys(supabase, bucket, expired.flatMap((item) => item.keys)).then(
          () => expired.length,
          () => 0,
        );
        if (purged > 0) items = items.filter((item) => !expired.includes(item));
      }
      const authors = await objectAuthors(supabase, bucket, items.map((item) => item.keys[0]!)).catch(
        () => new Map<string, Author>(),
      );
      if (live) setLoaded({ reads, listing: { status: 'ready', items, authors, purged } });
    })().catch(
      (failure: unknown) =>
        live && setLoaded({ reads, listing: { status: 'error', error: filesFailure(failure) } }),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, area.folder, writable, reads]);
  useRetryWhenBack(listing.status === 'error' && listing.error.unreachable, readAgain);

  const mark = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const where = (item: TrashItem) => placeInWords([area], bucket, item.parent);

  const restore = async (item: TrashItem) => {
    setError(null);
    mark(item.id, true);
    try {
      let name = item.name;
      const before: { kind: 'file' | 'folder'; key: string }[] = [];
      const keysUnder: Record<string, string[]> = {};
      if ((await namesTakenIn(supabase, bucket, item.parent, [item.name], [area])).has(item.name)) {
        const choice = await new Promise<NameConflictChoice>((answer) => setQuestion({ item, answer }));
        setQuestion(null);
        if (choice === 'dismiss') return;
        if (choice === 'keep-both') name = await freeNameIn(supabase, bucket, item.parent, item.name);
        else if (item.kind === 'folder') {
          const key = `${item.parent}${item.name}/`;
          keysUnder[key] = await listKeysUnder(supabase, bucket, key, [area]);
          before.push({ kind: 'folder', key });
        } else before.push({ kind: 'file', key: item.originalKey });
      }
      // What was there goes to the trash itself (restorable), then the item comes back; or nothing moves.
      const moves = [
        ...(before.length > 0 ? planTrash(area.folder, item.parent, before, keysUnder, Date.now()) : []),
        ...planRestore(area.folder, item, name),
      ];
      const outcome = await moveAllOrNothing(supabase, bucket, moves);
      if (outcome.kind !== 'moved') {
        setError(moveFailureInWords(outcome, 'restore', bucket, [area]));
        if (outcome.kind === 'stuck') readAgain();
        return;
      }
      notify({
        tone: 'success',
        title: `Restored “${name}”`,
        message: `It is back in ${where(item)}.`,
      });
      readAgain();
    } catch (failure) {
      setError(`Could not restore “${item.name}”: ${describeFailure(failure)}`);
    } finally {
      setQuestion(null);
      mark(item.id, false);
    }
  };

  const removeForGood = async (items: readonly TrashItem[]) => {
    const keys = items.flatMap((item) => item.keys);
    const removed = await removeKeys(supabase, bucket, keys);
    readAgain();
    if (removed < keys.length)
      throw new Error(`Only ${removed} of ${keys.length} files could be deleted; you may not delete the others.`);
  };

  const areaView = folderView(view, bucket, area.folder);
  const header = (
    <>
      <nav className="files-breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <TextLink href={route}>Files</TextLink>
          </li>
          <li>
            <TextLink href={filesHref(route, areaView)}>{area.label}</TextLink>
          </li>
          <li>
            <span aria-current="location">Trash</span>
          </li>
        </ol>
      </nav>
      <PageHeader
        title={`Trash of ${area.label}`}
        description={`Deleted files and folders stay here for ${TRASH_DAYS} days, then they are deleted for good.${
          area.folder.startsWith('projects/') ? ' The project’s owners and editors share this trash.' : ''
        }`}
        actions={
          writable && listing.status === 'ready' && listing.items.length > 0 ? (
            <Button variant="danger" onClick={() => setEmptying(true)}>
              Empty trash
            </Button>
          ) : undefined
        }
      />
    </>
  );

  if (listing.status === 'error')
    return (
      <Stack gap={4}>
        {header}
        <ErrorState title="Could not read the trash" message={whatNext(listing.error)} onRetry={readAgain} />
      </Stack>
    );

  const items = listing.status === 'ready' ? listing.items : [];
  const authors = listing.status === 'ready' ? listing.authors : new Map<string, Author>();
  const columns: TableColumn<TrashItem>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (item) => (
        <Inline gap={2} wrap={false}>
          {item.kind === 'folder' ? <FolderIcon /> : <FileIcon />}
          <span>{item.name}</span>
        </Inline>
      ),
    },
    { key: 'where', header: 'Was in', cell: where },
    {
      key: 'deleted',
      header: 'Deleted',
      width: '12rem',
      cell: (item) => item.deletedAt.toLocaleString(),
    },
    {
      key: 'by',
      header: 'Deleted by',
      width: '10rem',
      cell: (item) => {
        const author = authors.get(item.keys[0]!);
        return author ? authorName(author, me, profiles) : '';
      },
    },
    {
      key: 'size',
      header: 'Size',
      align: 'end',
      width: '7rem',
      cell: (item) => sizeInWords(item.size),
    },
    ...(writable
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: '15rem',
            cell: (item: TrashItem) => (
              <Inline gap={1}>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy.has(item.id)}
                  aria-label={`Restore ${item.name}`}
                  onClick={() => void restore(item)}
                >
                  Restore
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete for good: ${item.name}`}
                  onClick={() => setForever(item)}
                >
                  Delete for good
                </Button>
              </Inline>
            ),
          } satisfies TableColumn<TrashItem>,
        ]
      : []),
  ];

  return (
    <Stack gap={4} data-testid="trash">
      {header}
      {listing.status === 'ready' && listing.purged > 0 ? (
        <Alert tone="info">
          {`${listing.purged} ${listing.purged === 1 ? 'item' : 'items'} older than ${TRASH_DAYS} days ${
            listing.purged === 1 ? 'was' : 'were'
          } deleted for good.`}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Table
        caption={`Trash of ${area.label}`}
        hideCaption
        columns={columns}
        rows={items}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-trash-item': item.name }) as never}
        wrapCells
        stackBelow={NARROW_LIST}
        loading={listing.status === 'loading'}
        empty={<EmptyState title="The trash is empty" description="What you delete comes here first." />}
      />
      <p className="files-muted">
        <TextLink
          href={filesHref(route, areaView)}
          onClick={(event) => {
            event.preventDefault();
            navigate(filesHref(route, areaView));
          }}
        >
          Back to {area.label}
        </TextLink>
      </p>
      {question ? (
        <Dialog
          open
          role="alertdialog"
          title={`“${question.item.name}” already exists in ${where(question.item)}`}
          dismissible={false}
          hideCloseButton
          onClose={() => question.answer('dismiss')}
          footer={<NameConflictChoices dismissLabel="Cancel" onChoose={question.answer} />}
        >
          <p>
            Replace it (what is there now goes to the trash), keep both (the restored one gets a numbered
            name that is free), or cancel: it stays in the trash.
          </p>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={forever !== null}
        onClose={() => setForever(null)}
        tone="danger"
        title={`Delete “${forever?.name ?? ''}” for good?`}
        confirmLabel="Delete for good"
        onConfirm={async () => {
          if (!forever) return;
          await removeForGood([forever]);
          notify({ tone: 'success', title: `Deleted “${forever.name}” for good` });
          setForever(null);
        }}
      >
        It cannot be restored afterwards.
      </ConfirmDialog>
      <ConfirmDialog
        open={emptying}
        onClose={() => setEmptying(false)}
        tone="danger"
        title="Empty the trash?"
        confirmLabel="Empty trash"
        onConfirm={async () => {
          await removeForGood(items);
          notify({ tone: 'success', title: 'The trash is empty' });
          setEmptying(false);
        }}
      >
        {`Everything in the trash of ${area.label} is deleted for good (${items.length} ${
          items.length === 1 ? 'item' : 'items'
        }). It cannot be restored afterwards.`}
      </ConfirmDialog>
    </Stack>
  );
}
