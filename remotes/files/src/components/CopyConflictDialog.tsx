// Asks what to do with a copy whose name is taken: Replace / Keep both / Cancel (use-copy.ts
// carries out the answer).
import { Dialog } from '@portal/ui';
import type { ReactNode } from 'react';
import { nameOf, type CopyConflict } from '../actions/use-copy.js';
import { NameConflictChoices } from './NameConflictChoices.js';

/** Asks what to do with a copy whose name is taken: Replace / Keep both / Cancel. */
export function CopyConflictDialog({ conflict }: { conflict: CopyConflict }): ReactNode {
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
