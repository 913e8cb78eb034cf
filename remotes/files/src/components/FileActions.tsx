// What can be done with files and folders — the selection's toolbar, or one entry's menu
// (EntryMenu, through the `run` handle): download, rename, move (with the folder picker,
// MoveDialog), copy, delete (to the trash of the place, after a confirmation) and share
// (ShareDialog); and a new folder. A folder is every object under its prefix (folder-ops.ts);
// renames, moves and deletions change every object or none (moveAllOrNothing). Each refusal is
// shown in storage's own words.
import { usePortal } from '@portal/platform';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  Field,
  FormActions,
  Inline,
  TextInput,
} from '@portal/ui';
import { forwardRef, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { describeFailure } from '../failures.js';
import { copyName, planRename } from '../folder-ops.js';
import { placeInWords } from '../places.js';
import {
  copyKeepingBoth,
  copyObject,
  FOLDER_PLACEHOLDER,
  keysUnderFolders,
  moveAllOrNothing,
  moveFailureInWords,
  type Area,
  type BucketFacts,
  type CopyOutcome,
  type Entry,
} from '../storage-access.js';
import { areaRootOf, planTrash, TRASH_DAYS } from '../trash.js';
import { checkObjectName } from '../upload/checks.js';
import type { EntryAction } from './EntryMenu.js';
import { MoveDialog } from './MoveDialog.js';
import { NameConflictChoices, type NameConflictChoice } from './NameConflictChoices.js';
import { ShareDialog } from './ShareDialog.js';

interface Props {
  bucket: string;
  bucketFacts: BucketFacts | null;
  folder: string;
  selected: Entry[];
  writable: boolean;
  /** The places the person may move things to (My files, the projects they own or edit). */
  places: readonly Area[];
  /** The action is done: the selection is cleared and the listing read again. */
  onChanged: () => void;
  /**
   * The action failed after part of it was done (some files copied, or moved and not put back):
   * the listing is read again, so it shows what storage now holds; the selection stays.
   */
  onPartlyChanged: () => void;
}

/** What a file's menu (EntryMenu) asks the actions to do with one entry. */
export interface FileActionsHandle {
  run: (action: Exclude<EntryAction, 'open'>, entries: Entry[]) => void;
}

type DialogKind = 'rename' | 'move' | 'delete' | 'share';

/** A copy whose name is taken, waiting for the person's answer. */
interface CopyConflict {
  entry: Entry;
  /** The taken name (`b copy.txt`). */
  target: string;
  /** Which of the selected files it is (1-based) and how many there are. */
  place: number;
  total: number;
  /** The answer being carried out, or null while the question waits. */
  working: NameConflictChoice | null;
  choose: (choice: NameConflictChoice) => void;
}

export const FileActions = forwardRef<FileActionsHandle, Props>(function FileActions(
  { bucket, bucketFacts, folder, selected, writable, places, onChanged, onPartlyChanged },
  handle,
): ReactNode {
  const { supabase, notify } = usePortal();
  // The open dialog and the entries it acts on: the selection, or one entry from its menu.
  const [dialog, setDialog] = useState<{ kind: DialogKind; entries: Entry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<CopyConflict | null>(null);
  // A dialog's attempt that failed after it may have changed something. The listing is read
  // again when the dialog closes, not at once: the new listing drops the entries that went, so
  // the dialog would change what it acts on under the person's eyes.
  const partlyDone = useRef(false);
  const closeDialog = () => {
    setDialog(null);
    if (partlyDone.current) {
      partlyDone.current = false;
      onPartlyChanged();
    }
  };
  const done = () => {
    partlyDone.current = false;
    onChanged();
  };
  const files = supabase.storage.from(bucket);

  const download = async (entries: Entry[]) => {
    setError(null);
    for (const entry of entries.filter((candidate) => candidate.kind === 'file')) {
      const { data, error: failed } = await files.createSignedUrl(entry.key, 60, {
        download: entry.name,
      });
      if (failed) return setError(`Could not download “${entry.name}”: ${describeFailure(failed)}`);
      const link = document.createElement('a');
      link.href = data.signedUrl;
      link.rel = 'noopener';
      link.click();
    }
  };

  // Each file is copied beside itself as `<name> copy.<ext>`. When storage answers that the name
  // is taken, the person chooses: Replace it (one upsert copy), Keep both (a free numbered name,
  // as uploads do), or Cancel (this file and the ones after it are not copied). A refusal stops
  // the copy and says why; nothing existing is changed by it.
  const ask = (question: Omit<CopyConflict, 'working' | 'choose'>) =>
    new Promise<NameConflictChoice>((resolve) =>
      setConflict({
        ...question,
        working: null,
        choose: (choice) => {
          setConflict((current) => (current ? { ...current, working: choice } : current));
          resolve(choice);
        },
      }),
    );
  const copy = async (entries: Entry[]) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    const total = entries.length;
    let copied = 0;
    const before = () =>
      copied > 0
        ? ` ${copied} of ${total} files ${copied === 1 ? 'was' : 'were'} copied before it.`
        : '';
    try {
      for (const [index, entry] of entries.entries()) {
        const target = copyName(entry.key);
        let outcome: CopyOutcome = await copyObject(supabase, bucket, entry.key, target);
        if (outcome.kind === 'exists') {
          const choice = await ask({ entry, target, place: index + 1, total });
          if (choice === 'dismiss') {
            setConflict(null);
            if (copied > 0) {
              notify({
                tone: 'info',
                title: `Copied ${copied} of ${total} files`,
                message: `“${entry.name}”${index + 1 < total ? ' and the files after it were' : ' was'} not copied.`,
              });
              onPartlyChanged();
            }
            return;
          }
          outcome =
            choice === 'replace'
              ? await copyObject(supabase, bucket, entry.key, target, { replace: true })
              : await copyKeepingBoth(supabase, bucket, entry.key, target);
          setConflict(null);
        }
        if (outcome.kind !== 'copied') {
          setError(
            `Could not copy “${entry.name}”: ${
              outcome.kind === 'exists'
                ? `each free name tried was taken meanwhile (the last, “${nameOf(outcome.key)}”). Try again.`
                : outcome.reason
            }${before()}`,
          );
          // The copies made before the refusal are in storage: the listing shows them.
          if (copied > 0) onPartlyChanged();
          return;
        }
        copied += 1;
      }
      notify({
        tone: 'success',
        title: total === 1 ? 'Copied' : `Copied ${total} files`,
      });
      onChanged();
    } catch (thrown) {
      // The connection failed (supabase-js answers storage's refusals, it does not throw them).
      setError(`Could not copy: ${describeFailure(thrown)}${before()}`);
      if (copied > 0) onPartlyChanged();
    } finally {
      setConflict(null);
      setBusy(false);
    }
  };

  const run: FileActionsHandle['run'] = (action, entries) => {
    if (entries.length === 0) return;
    if (action === 'download') void download(entries);
    else if (action === 'copy') void copy(entries.filter((entry) => entry.kind === 'file'));
    else setDialog({ kind: action, entries });
  };
  useImperativeHandle(handle, () => ({ run }));

  const acting = dialog?.entries ?? [];
  const actingFolders = acting.filter((entry) => entry.kind === 'folder').length;
  const actingWords = selectionInWords(acting.length - actingFolders, actingFolders).replace(/ selected$/, '');
  const oneActing = acting.length === 1 ? acting[0]! : null;
  const root = areaRootOf(folder);

  const selectedFiles = selected.filter((entry) => entry.kind === 'file');
  const onlyFiles = selectedFiles.length === selected.length;
  const folderCount = selected.length - selectedFiles.length;
  const one = selected.length === 1 ? selected[0]! : null;

  return (
    <>
      {selected.length > 0 ? (
        <Inline gap={2} role="toolbar" aria-label="Selected files">
          <span>{selectionInWords(selected.length - folderCount, folderCount)}</span>
          {selectedFiles.length > 0 ? (
            <Button size="sm" variant="secondary" onClick={() => run('download', selected)}>
              Download
            </Button>
          ) : null}
          {writable && one ? (
            <Button size="sm" variant="secondary" onClick={() => run('rename', selected)}>
              Rename
            </Button>
          ) : null}
          {writable ? (
            <Button size="sm" variant="secondary" onClick={() => run('move', selected)}>
              Move
            </Button>
          ) : null}
          {writable && onlyFiles ? (
            <Button size="sm" variant="secondary" loading={busy} onClick={() => run('copy', selected)}>
              Copy
            </Button>
          ) : null}
          {one?.kind === 'file' ? (
            <Button size="sm" variant="secondary" onClick={() => run('share', selected)}>
              Share
            </Button>
          ) : null}
          {writable ? (
            <Button size="sm" variant="danger" onClick={() => run('delete', selected)}>
              Delete
            </Button>
          ) : null}
        </Inline>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {conflict ? <CopyConflictDialog conflict={conflict} /> : null}
      {dialog?.kind === 'rename' && oneActing ? (
        <NameDialog
          title={`Rename “${oneActing.name}”`}
          label="New name"
          initial={oneActing.name}
          submitLabel="Rename"
          onClose={closeDialog}
          onSubmit={async (name) => {
            const inside =
              oneActing.kind === 'folder'
                ? await keysUnderFolders(supabase, bucket, [oneActing], places)
                : {};
            const outcome = await moveAllOrNothing(
              supabase,
              bucket,
              planRename(oneActing, inside[oneActing.key] ?? [], folder, name),
            );
            if (outcome.kind !== 'moved') {
              // Objects of a folder that could not be put back have moved.
              if (outcome.kind === 'stuck') partlyDone.current = true;
              return moveFailureInWords(outcome, 'rename', bucket, places);
            }
            done();
            return null;
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          bucket={bucket}
          folder={folder}
          entries={acting}
          places={places}
          title={oneActing ? `Move “${oneActing.name}”` : `Move ${actingWords}`}
          onClose={closeDialog}
          onPartlyMoved={() => {
            partlyDone.current = true;
          }}
          onMoved={(target, count) => {
            setDialog(null);
            notify({
              tone: 'success',
              title: count === 1 ? 'Moved' : `Moved ${count} items`,
              message: `Into “${placeInWords(places, bucket, target)}”.`,
            });
            done();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onClose={closeDialog}
        tone="danger"
        title={oneActing ? `Delete “${oneActing.name}”?` : `Delete ${actingWords}?`}
        confirmLabel="Move to trash"
        onConfirm={async () => {
          if (!root) throw new Error('Only files in My files or a project can be deleted here.');
          const inside = await keysUnderFolders(supabase, bucket, acting, places);
          const outcome = await moveAllOrNothing(
            supabase,
            bucket,
            planTrash(root, folder, acting, inside, Date.now()),
          );
          if (outcome.kind !== 'moved') {
            if (outcome.kind === 'stuck') partlyDone.current = true;
            throw new Error(moveFailureInWords(outcome, 'move to the trash', bucket, places));
          }
          notify({
            tone: 'success',
            title: acting.length === 1 ? 'Moved to the trash' : `Moved ${acting.length} items to the trash`,
            message: `They can be restored from the trash for ${TRASH_DAYS} days.`,
          });
          setDialog(null);
          done();
        }}
      >
        {`${actingFolders > 0 ? 'Everything inside the selected folders goes too. ' : ''}${
          acting.length === 1 ? 'It goes' : 'They go'
        } to the trash of this place, where ${acting.length === 1 ? 'it' : 'they'} can be restored for ${TRASH_DAYS} days.`}
      </ConfirmDialog>
      {dialog?.kind === 'share' && oneActing?.kind === 'file' ? (
        <ShareDialog
          bucket={bucket}
          isPublic={bucketFacts?.public ?? false}
          entry={oneActing}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
});

/** The last part of an object name: `me/a/b.txt` → `b.txt`. */
function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** Asks what to do with a copy whose name is taken: Replace / Keep both / Cancel. */
function CopyConflictDialog({ conflict }: { conflict: CopyConflict }): ReactNode {
  const { entry, target, place, total, working, choose } = conflict;
  const taken = nameOf(target);
  return (
    <Dialog
      open
      role="alertdialog"
      title={`“${taken}” already exists`}
      description={total > 1 ? `Copying file ${place} of ${total}.` : undefined}
      dismissible={working === null}
      hideCloseButton
      onClose={() => {
        if (working === null) choose('dismiss');
      }}
      footer={<NameConflictChoices dismissLabel="Cancel" working={working} onChoose={choose} />}
    >
      <p>
        The copy of “{entry.name}” would be named “{taken}”, and this folder has a file of that
        name. Replace it with the copy, keep both (the copy gets a numbered name that is free), or
        cancel.
      </p>
    </Dialog>
  );
}

/** "2 files and 1 folder selected". */
function selectionInWords(fileCount: number, folderCount: number): string {
  const parts = [
    fileCount ? `${fileCount} ${fileCount === 1 ? 'file' : 'files'}` : '',
    folderCount ? `${folderCount} ${folderCount === 1 ? 'folder' : 'folders'}` : '',
  ].filter(Boolean);
  return `${parts.join(' and ')} selected`;
}

function NameDialog({
  title,
  label,
  hint,
  initial,
  submitLabel,
  allowEmpty = false,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  hint?: string;
  initial: string;
  submitLabel: string;
  allowEmpty?: boolean;
  onClose: () => void;
  /** Resolves to an error message, or null when done. */
  onSubmit: (value: string) => Promise<string | null>;
}): ReactNode {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Enter in the field submits the form again while the first submission still runs (the
  // button's spinner does not stop the keyboard); a second rename or move of the same objects
  // was refused by storage half-way and its error shown while the first went on.
  const submitting = useRef(false);
  const submit = async () => {
    if (submitting.current) return;
    const trimmed = value.trim();
    const problem =
      !trimmed && !allowEmpty ? 'Enter a name.' : trimmed ? checkObjectName(trimmed) : undefined;
    if (problem) return setError(problem);
    submitting.current = true;
    setBusy(true);
    setError(null);
    let failed: string | null;
    try {
      failed = await onSubmit(trimmed);
    } catch (thrown) {
      // A lookup failed (a folder's listing, on the network, say): the dialog says so and can
      // be used again, rather than spinning for ever.
      failed = `${describeFailure(thrown)} Try again.`;
    } finally {
      submitting.current = false;
      setBusy(false);
    }
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </FormActions>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={label} hint={hint} error={error ?? undefined}>
          <TextInput value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
        </Field>
      </form>
    </Dialog>
  );
}

export function NewFolder({
  bucket,
  folder,
  onDone,
}: {
  bucket: string;
  folder: string;
  onDone: () => void;
}): ReactNode {
  const { supabase } = usePortal();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        New folder
      </Button>
      {open ? (
        <NameDialog
          title="New folder"
          label="Folder name"
          initial=""
          submitLabel="Create"
          onClose={() => setOpen(false)}
          onSubmit={async (name) => {
            if (name.includes('/')) return 'A folder name cannot contain “/”.';
            const placeholder = new Blob([''], { type: 'text/plain' });
            const { error } = await supabase.storage
              .from(bucket)
              .upload(`${folder}${name}/${FOLDER_PLACEHOLDER}`, placeholder, {
                contentType: 'text/plain',
              });
            if (error) return describeFailure(error);
            onDone();
            return null;
          }}
        />
      ) : null}
    </>
  );
}


