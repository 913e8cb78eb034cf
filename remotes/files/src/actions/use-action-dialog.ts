// Which of the actions' dialogs is open (rename, move, delete, share) and the entries it acts on,
// and whether an attempt in it changed part of storage before it failed: the listing is read
// again when the dialog closes, not at once.
import { useRef, useState } from 'react';
import type { Entry } from '../storage/folder-page.js';

export type DialogKind = 'rename' | 'move' | 'delete' | 'share';

export interface ActionDialog {
  /** The open dialog and the entries it acts on: the selection, or one entry from its menu. */
  dialog: { kind: DialogKind; entries: Entry[] } | null;
  open: (kind: DialogKind, entries: Entry[]) => void;
  /** Closes it without reading the listing again, as a share or a finished move does. */
  dismiss: () => void;
  /** Closes it, reading the listing again if the attempt changed part of storage. */
  close: () => void;
  /** The attempt failed after it may have changed something. */
  markPartlyDone: () => void;
  /** The action is done: the selection is cleared and the listing read again. */
  done: () => void;
}

export function useActionDialog(onChanged: () => void, onPartlyChanged: () => void): ActionDialog {
  const [dialog, setDialog] = useState<ActionDialog['dialog']>(null);
  // A dialog's attempt that failed after it may have changed something. The listing is read
  // again when the dialog closes, not at once: the new listing drops the entries that went, so
  // the dialog would change what it acts on under the person's eyes.
  const partlyDone = useRef(false);
  return {
    dialog,
    open: (kind, entries) => setDialog({ kind, entries }),
    dismiss: () => setDialog(null),
    close: () => {
      setDialog(null);
      if (partlyDone.current) {
        partlyDone.current = false;
        onPartlyChanged();
      }
    },
    markPartlyDone: () => {
      partlyDone.current = true;
    },
    done: () => {
      partlyDone.current = false;
      onChanged();
    },
  };
}
