// What can be done with files and folders — the selection's toolbar, or one entry's menu
// (EntryMenu, through the `run` handle): download, rename, move (with the folder picker,
// MoveDialog), copy, delete (to the trash of the place, after a confirmation) and share
// (ShareDialog). A folder is every object under its prefix (folder-ops.ts); renames, moves and
// deletions change every object or none (moveAllOrNothing). Each refusal is shown in storage's
// own words. Each action's state is a hook of its own (actions/): the open dialog, the copy and
// its questions, the download.
import { usePortal } from '@portal/platform';
import { Alert, Button, ConfirmDialog, Inline } from '@portal/ui';
import { forwardRef, useImperativeHandle, useState, type ReactNode } from 'react';
import { useActionDialog } from '../actions/use-action-dialog.js';
import { useCopy } from '../actions/use-copy.js';
import { useDownload } from '../actions/use-download.js';
import { planRename } from '../folder-ops.js';
import { placeInWords, type Area } from '../places.js';
import { selectionInWords } from '../selection/selection-in-words.js';
import { keysUnderFolders } from '../storage/folder-contents.js';
import { moveAllOrNothing, moveFailureInWords } from '../storage/moves.js';
import type { BucketFacts } from '../storage/bucket-facts.js';
import type { Entry } from '../storage/folder-page.js';
import { areaRootOf, planTrash, TRASH_DAYS } from '../trash.js';
import { CopyConflictDialog } from './CopyConflictDialog.js';
import type { EntryAction } from './EntryMenu.js';
import { MoveDialog } from './MoveDialog.js';
import { NameDialog } from './NameDialog.js';
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

export const FileActions = forwardRef<FileActionsHandle, Props>(function FileActions(
  { bucket, bucketFacts, folder, selected, writable, places, onChanged, onPartlyChanged },
  handle,
): ReactNode {
  const { supabase, notify } = usePortal();
  const { dialog, open, dismiss, close: closeDialog, markPartlyDone, done } = useActionDialog(
    onChanged,
    onPartlyChanged,
  );
  const [error, setError] = useState<string | null>(null);
  const download = useDownload(bucket, setError);
  const { copy, busy, conflict } = useCopy({ bucket, setError, onChanged, onPartlyChanged });

  const run: FileActionsHandle['run'] = (action, entries) => {
    if (entries.length === 0) return;
    if (action === 'download') void download(entries);
    else if (action === 'copy') void copy(entries.filter((entry) => entry.kind === 'file'));
    else open(action, entries);
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
              if (outcome.kind === 'stuck') markPartlyDone();
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
          onPartlyMoved={markPartlyDone}
          onMoved={(target, count) => {
            dismiss();
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
            if (outcome.kind === 'stuck') markPartlyDone();
            throw new Error(moveFailureInWords(outcome, 'move to the trash', bucket, places));
          }
          notify({
            tone: 'success',
            title: acting.length === 1 ? 'Moved to the trash' : `Moved ${acting.length} items to the trash`,
            message: `They can be restored from the trash for ${TRASH_DAYS} days.`,
          });
          dismiss();
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
          onClose={() => dismiss()}
        />
      ) : null}
    </>
  );
});
