// Moving the selection with a folder picker: the person's places they may change (My files, the
// projects they own or edit), the folders of the place being looked at as buttons to open, a
// breadcrumb to go back up, and "Move here". Names that exist at the target are asked about one by
// one (Replace / Keep both / Cancel, as a copy asks) before anything moves; then everything moves
// or nothing does (move-entries.ts). Keyboard: Tab through the place, the breadcrumb, the folders
// and the buttons; the folder being looked at is announced as it changes. A folder list that could
// not be read for want of an answer is read again by itself once the server answers.
import { usePortal, useRetryWhenBack } from '@portal/platform';
import {
  Alert,
  Button,
  Dialog,
  EmptyState,
  Field,
  FolderIcon,
  FormActions,
  Inline,
  Select,
  Spinner,
  Stack,
} from '@portal/ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { describeFailure, filesFailure, whatNext, type FilesFailure } from '../failures.js';
import { asFolder } from '../folder-ops.js';
import {
  freeNameIn,
  moveEntries,
  moveProblem,
  takenAt,
  type MoveChoice,
} from '../move-entries.js';
import { placeCrumbs, placeOf, type Area } from '../places.js';
import { listSubfolders } from '../storage/folder-contents.js';
import { moveFailureInWords } from '../storage/moves.js';
import type { Entry } from '../storage/folder-page.js';
import { NameConflictChoices, type NameConflictChoice } from './NameConflictChoices.js';

interface Props {
  bucket: string;
  /** Where the entries are. */
  folder: string;
  entries: readonly Entry[];
  /** The places the person may change (My files and the projects they own or edit). */
  places: readonly Area[];
  title: string;
  onClose: () => void;
  /** Everything moved. */
  onMoved: (target: string, count: number) => void;
  /** Something moved and could not be put back: the listing must be read again. */
  onPartlyMoved: () => void;
}

/** A name at the target, waiting for the person's answer. */
interface Question {
  entry: Entry;
  place: number;
  total: number;
  answer: (choice: NameConflictChoice) => void;
}

type Folders =
  | { status: 'loading' }
  | { status: 'error'; error: FilesFailure }
  | { status: 'ready'; names: string[] };

export function MoveDialog({
  bucket,
  folder,
  entries,
  places,
  title,
  onClose,
  onMoved,
  onPartlyMoved,
}: Props): ReactNode {
  const { supabase } = usePortal();
  const startPlace = placeOf(places, bucket, folder) ?? places[0] ?? null;
  const [at, setAt] = useState(startPlace ? (placeOf(places, bucket, folder) ? folder : startPlace.folder) : '');
  const [reads, setReads] = useState(0);
  const [loaded, setLoaded] = useState<{ at: string; reads: number; folders: Folders } | null>(null);
  // A list read again after no answer shows "Reading…" again, then the folders or the next failure.
  const folders: Folders = loaded?.at === at && loaded.reads === reads ? loaded.folders : { status: 'loading' };
  const readAgain = useCallback(() => setReads((n) => n + 1), []);
  const [question, setQuestion] = useState<Question | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (!at) return;
    let live = true;
    listSubfolders(supabase, bucket, at, places).then(
      (names) => live && setLoaded({ at, reads, folders: { status: 'ready', names } }),
      (failure: unknown) =>
        live && setLoaded({ at, reads, folders: { status: 'error', error: filesFailure(failure) } }),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, at, places, reads]);
  // The folders could not be read for want of an answer: read them again once the server answers.
  useRetryWhenBack(folders.status === 'error' && folders.error.unreachable, readAgain);

  const place = placeOf(places, bucket, at);
  const crumbs = place ? placeCrumbs(places, bucket, at) : [];
  const here = crumbs.map((crumb) => crumb.label).join(' / ');
  const problem = at ? moveProblem(entries, folder, at) : 'You have no place to move these to.';
  /** A folder of the selection cannot receive itself or anything of it. */
  const isMoved = (name: string) =>
    entries.some((entry) => entry.kind === 'folder' && asFolder(entry.key) === `${at}${name}/`);

  const ask = (entry: Entry, placeNumber: number, total: number) =>
    new Promise<NameConflictChoice>((resolve) =>
      setQuestion({ entry, place: placeNumber, total, answer: resolve }),
    );

  const move = async () => {
    if (running.current || problem) return;
    running.current = true;
    setWorking(true);
    setError(null);
    try {
      const taken = new Set((await takenAt(supabase, bucket, at, entries, places)).map((entry) => entry.key));
      const choices: MoveChoice[] = [];
      const conflicts = entries.filter((entry) => taken.has(entry.key));
      for (const entry of entries) {
        if (!taken.has(entry.key)) {
          choices.push({ entry, name: entry.name, replace: false });
          continue;
        }
        const choice = await ask(entry, conflicts.indexOf(entry) + 1, conflicts.length);
        setQuestion(null);
        if (choice === 'dismiss') return;
        choices.push(
          choice === 'replace'
            ? { entry, name: entry.name, replace: true }
            : { entry, name: await freeNameIn(supabase, bucket, at, entry.name), replace: false },
        );
      }
      const outcome = await moveEntries(supabase, bucket, at, choices, places);
      if (outcome.kind === 'moved') {
        onMoved(at, entries.length);
        return;
      }
      setError(moveFailureInWords(outcome, 'move', bucket, places));
      if (outcome.kind === 'stuck') onPartlyMoved();
    } catch (failure) {
      setError(`${describeFailure(failure)} Nothing was moved.`);
    } finally {
      setQuestion(null);
      running.current = false;
      setWorking(false);
    }
  };

  if (question) {
    const name = question.entry.name;
    return (
      <Dialog
        open
        role="alertdialog"
        title={`“${name}” already exists in ${crumbs[crumbs.length - 1]?.label ?? 'that folder'}`}
        description={question.total > 1 ? `Name ${question.place} of ${question.total} that is taken there.` : undefined}
        dismissible={false}
        hideCloseButton
        onClose={() => question.answer('dismiss')}
        footer={<NameConflictChoices dismissLabel="Cancel" onChoose={question.answer} />}
      >
        <p>
          Replace it (what is there now goes to the trash, where it can be restored), keep both (“{name}”
          gets a numbered name that is free), or cancel: nothing is moved.
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="lg"
      dismissible={!working}
      footer={
        <FormActions>
          <Button variant="secondary" onClick={onClose} disabled={working}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={working}
            disabled={problem !== null}
            onClick={() => void move()}
          >
            Move here
          </Button>
        </FormActions>
      }
    >
      <Stack gap={3}>
        {places.length > 1 ? (
          <Field label="Place">
            <Select
              value={place?.folder ?? ''}
              options={places.map((area) => ({ value: area.folder, label: area.label }))}
              onChange={(event) => setAt(event.target.value)}
            />
          </Field>
        ) : null}
        <nav aria-label="Folder to move to">
          <ol className="files-picker-crumbs">
            {crumbs.map((crumb, index) => (
              <li key={crumb.folder}>
                {index === crumbs.length - 1 ? (
                  <span aria-current="location">{crumb.label}</span>
                ) : (
                  <button type="button" className="files-link" onClick={() => setAt(crumb.folder)}>
                    {crumb.label}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <p className="files-muted" role="status" data-testid="move-target">
          {`Move to: ${here || 'nowhere yet'}`}
          {problem && at ? ` — ${problem}` : ''}
        </p>
        {folders.status === 'loading' ? <Spinner label="Reading the folders…" /> : null}
        {folders.status === 'error' ? <Alert tone="error">{whatNext(folders.error)}</Alert> : null}
        {folders.status === 'ready' && folders.names.length === 0 ? (
          <EmptyState compact icon={null} title="No folders here" description="Move here, or go back up." />
        ) : null}
        {folders.status === 'ready' && folders.names.length > 0 ? (
          <ul className="files-picker-folders" aria-label={`Folders in ${crumbs[crumbs.length - 1]?.label ?? ''}`}>
            {folders.names.map((name) => (
              <li key={name}>
                <Button
                  variant="ghost"
                  size="sm"
                  iconStart={<FolderIcon />}
                  disabled={isMoved(name)}
                  aria-label={isMoved(name) ? `${name} (being moved)` : `Open ${name}`}
                  onClick={() => setAt(`${at}${name}/`)}
                >
                  {name}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <Alert tone="error">
            <Inline gap={2}>{error}</Inline>
          </Alert>
        ) : null}
      </Stack>
    </Dialog>
  );
}
