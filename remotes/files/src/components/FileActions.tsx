// What can be done with the selected files and folders: download, rename, move, copy, delete
// (with confirmation) and share; and a new folder. A folder is every object under its prefix
// (folder-ops.ts). Each refusal is shown in storage's own words.
import { usePortal } from '@portal/platform';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  Field,
  FormActions,
  Inline,
  Select,
  TextInput,
} from '@portal/ui';
import { useRef, useState, type ReactNode } from 'react';
import { describeFailure } from '../failures.js';
import { copyName, keysToDelete, planMoveInto, planRename } from '../folder-ops.js';
import {
  copyKeepingBoth,
  copyObject,
  createShareLink,
  FOLDER_PLACEHOLDER,
  keysUnderFolders,
  moveObjects,
  SHARE_EXPIRIES,
  type BucketFacts,
  type CopyOutcome,
  type Entry,
} from '../storage-access.js';
import { checkObjectName } from '../upload/checks.js';
import { NameConflictChoices, type NameConflictChoice } from './NameConflictChoices.js';

interface Props {
  bucket: string;
  bucketFacts: BucketFacts | null;
  folder: string;
  selected: Entry[];
  writable: boolean;
  /** The action is done: the selection is cleared and the listing read again. */
  onChanged: () => void;
  /**
   * The action failed after part of it was done (some files copied, moved or deleted): the
   * listing is read again, so it shows what storage now holds; the selection stays.
   */
  onPartlyChanged: () => void;
}

type Open = null | 'rename' | 'move' | 'delete' | 'share';

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

export function FileActions({
  bucket,
  bucketFacts,
  folder,
  selected,
  writable,
  onChanged,
  onPartlyChanged,
}: Props): ReactNode {
  const { supabase, notify } = usePortal();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<CopyConflict | null>(null);
  // A dialog's attempt that failed after it may have changed something. The listing is read
  // again when the dialog closes, not at once: the new listing drops the entries that went (a
  // partly done delete or move), so the dialog would change what it acts on under the person's
  // eyes, or close with its error when none of them is left.
  const partlyDone = useRef(false);
  const closeDialog = () => {
    setOpen(null);
    if (partlyDone.current) {
      partlyDone.current = false;
      onPartlyChanged();
    }
  };
  const done = () => {
    partlyDone.current = false;
    onChanged();
  };
  const conflictDialog = conflict ? <CopyConflictDialog conflict={conflict} /> : null;
  // The question stays until it is answered, even if the selection went meanwhile.
  if (selected.length === 0) return conflictDialog;
  const files = supabase.storage.from(bucket);
  const one = selected.length === 1 ? selected[0]! : null;
  const selectedFiles = selected.filter((entry) => entry.kind === 'file');
  const onlyFiles = selectedFiles.length === selected.length;
  const folderCount = selected.length - selectedFiles.length;

  const download = async () => {
    setError(null);
    for (const entry of selectedFiles) {
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
  const copy = async () => {
    if (busy) return;
    setError(null);
    setBusy(true);
    const total = selected.length;
    let copied = 0;
    const before = () =>
      copied > 0
        ? ` ${copied} of ${total} files ${copied === 1 ? 'was' : 'were'} copied before it.`
        : '';
    try {
      for (const [index, entry] of selected.entries()) {
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

  return (
    <>
      <Inline gap={2} role="toolbar" aria-label="Selected files">
        <span>{selectionInWords(selected.length - folderCount, folderCount)}</span>
        {selectedFiles.length > 0 ? (
          <Button size="sm" variant="secondary" onClick={() => void download()}>
            Download
          </Button>
        ) : null}
        {writable && one ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen('rename')}>
            Rename
          </Button>
        ) : null}
        {writable ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen('move')}>
            Move
          </Button>
        ) : null}
        {writable && onlyFiles ? (
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void copy()}>
            Copy
          </Button>
        ) : null}
        {one?.kind === 'file' ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen('share')}>
            Share
          </Button>
        ) : null}
        {writable ? (
          <Button size="sm" variant="danger" onClick={() => setOpen('delete')}>
            Delete
          </Button>
        ) : null}
      </Inline>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {conflictDialog}
      {open === 'rename' && one ? (
        <NameDialog
          title={`Rename “${one.name}”`}
          label="New name"
          initial={one.name}
          submitLabel="Rename"
          onClose={closeDialog}
          onSubmit={async (name) => {
            const inside =
              one.kind === 'folder' ? await keysUnderFolders(supabase, bucket, [one]) : {};
            const failed = await moveObjects(
              supabase,
              bucket,
              planRename(one, inside[one.key] ?? [], folder, name),
            );
            if (failed) {
              // A folder's objects move one by one: those before the refusal have moved.
              partlyDone.current = true;
              return failed;
            }
            done();
            return null;
          }}
        />
      ) : null}
      {open === 'move' ? (
        <NameDialog
          title={
            selected.length === 1
              ? `Move “${selected[0]!.name}”`
              : `Move ${selectionInWords(selected.length - folderCount, folderCount)}`.replace(
                  / selected$/,
                  '',
                )
          }
          label="To the folder"
          hint="A folder path inside this area, e.g. “archive/2026”. Leave empty for the top of this area."
          initial=""
          submitLabel="Move"
          allowEmpty
          onClose={closeDialog}
          onSubmit={async (destination) => {
            const root = folder
              .split('/')
              .slice(0, folder.startsWith('projects/') ? 2 : 1)
              .join('/');
            const target = [root, ...destination.split('/').filter(Boolean)].join('/');
            const inside = await keysUnderFolders(supabase, bucket, selected);
            const { moves, problem } = planMoveInto(selected, inside, target);
            if (problem) return problem;
            const failed = await moveObjects(supabase, bucket, moves);
            if (failed) {
              partlyDone.current = true;
              return failed;
            }
            done();
            return null;
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open === 'delete'}
        onClose={closeDialog}
        tone="danger"
        title={
          selected.length === 1
            ? `Delete “${selected[0]!.name}”?`
            : `Delete ${selectionInWords(selected.length - folderCount, folderCount).replace(/ selected$/, '')}?`
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          const keys = keysToDelete(selected, await keysUnderFolders(supabase, bucket, selected));
          const { data, error: failed } = keys.length
            ? await files.remove(keys)
            : { data: [], error: null };
          if (failed) throw new Error(describeFailure(failed));
          if ((data ?? []).length < keys.length) {
            if ((data ?? []).length > 0) partlyDone.current = true;
            throw new Error(
              `Only ${(data ?? []).length} of ${keys.length} files could be deleted; you may not delete the others.`,
            );
          }
          notify({
            tone: 'success',
            title: selected.length === 1 ? 'Deleted' : `Deleted ${selected.length} files`,
          });
          setOpen(null);
          done();
        }}
      >
        {folderCount > 0
          ? 'Everything inside the selected folders is deleted too. This cannot be undone.'
          : 'This cannot be undone.'}
      </ConfirmDialog>
      {open === 'share' && one?.kind === 'file' ? (
        <ShareDialog
          bucket={bucket}
          isPublic={bucketFacts?.public ?? false}
          entry={one}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

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

const EXPIRY_LABELS: Record<(typeof SHARE_EXPIRIES)[number], string> = {
  3600: '1 hour',
  86400: '1 day',
  604800: '7 days',
};
const EXPIRIES = SHARE_EXPIRIES.map((seconds) => ({
  value: String(seconds),
  label: EXPIRY_LABELS[seconds],
}));

function ShareDialog({
  bucket,
  isPublic,
  entry,
  onClose,
}: {
  bucket: string;
  isPublic: boolean;
  entry: Entry;
  onClose: () => void;
}): ReactNode {
  const { supabase } = usePortal();
  const [seconds, setSeconds] = useState('3600');
  const [link, setLink] = useState<{ url: string; expires: Date } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The link that is on the clipboard: "Copied." belongs to it, not to the dialog. A flag said
  // "Copied." beside the next link until that one's own clipboard write had ended (or failed).
  const [copied, setCopied] = useState<string | null>(null);
  // Only the latest "Create link" shows its link: an earlier one answered last would replace it.
  const latest = useRef(0);
  const publicUrl = isPublic
    ? supabase.storage.from(bucket).getPublicUrl(entry.key).data.publicUrl
    : null;

  const create = async () => {
    const attempt = ++latest.current;
    setError(null);
    let made: { url: string; expires: Date };
    try {
      made = await createShareLink(supabase, bucket, entry.key, Number(seconds));
    } catch (failed) {
      if (attempt === latest.current) setError((failed as Error).message);
      return;
    }
    if (attempt !== latest.current) return;
    setLink(made);
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(made.url);
    } catch {
      // Not copied (no permission, say): the link is there to copy by hand.
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Share “${entry.name}”`} size="lg">
      <Inline gap={2} align="end">
        <Field label="Link works for">
          <Select
            options={EXPIRIES}
            value={seconds}
            onChange={(event) => setSeconds(event.target.value)}
          />
        </Field>
        <Button variant="primary" onClick={() => void create()}>
          Create link
        </Button>
      </Inline>
      {error ? <Alert tone="error">Could not create a link: {error}</Alert> : null}
      {link ? (
        <Field
          label="Signed link"
          hint={`${copied === link.url ? 'Copied. ' : ''}Anyone with it can open the file until ${link.expires.toLocaleString()}.`}
        >
          <TextInput
            readOnly
            mono
            value={link.url}
            data-testid="signed-link"
            data-expires={link.expires.toISOString()}
          />
        </Field>
      ) : null}
      {publicUrl ? (
        <Field label="Public address" hint="This bucket is public: this address always works.">
          <TextInput readOnly mono value={publicUrl} data-testid="public-link" />
        </Field>
      ) : null}
    </Dialog>
  );
}

function NewFolder({
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

FileActions.NewFolder = NewFolder;
