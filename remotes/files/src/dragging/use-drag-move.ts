// Moving by drag and drop inside the page: entries (list rows and grid tiles alike) dragged onto
// a folder move into it, the selection with them when the dragged one is part of it. What is
// moving is said until storage has moved everything, and a refusal in words.
import { usePortal } from '@portal/platform';
import { useState, type DragEvent, type HTMLAttributes, type MouseEventHandler } from 'react';
import { describeFailure } from '../failures.js';
import { moveEntries, moveProblem, takenAt } from '../move-entries.js';
import { moveFailureInWords } from '../storage/moves.js';
import type { Area } from '../places.js';
import type { Entry } from '../storage/folder-page.js';

/** What an entry dragged inside the page carries (its names), told apart from files from outside. */
export const DRAG_TYPE = 'application/x-portal-files';

export type DragProps = HTMLAttributes<HTMLElement> & Record<string, unknown>;

export interface DragMove {
  /** The props that make an entry draggable, and a folder a place to drop onto. */
  dragProps: (entry: Entry) => DragProps;
  /** The drag being carried out, if any. */
  moving: { into: Entry; names: string[] } | null;
  /** Why the last drag moved nothing, if it did not. */
  moveError: string | null;
}

export function useDragMove({
  bucketId,
  folder,
  entries,
  selected,
  places,
  writable,
  onContextMenu,
  onMoved,
}: {
  bucketId: string;
  /** The folder shown. */
  folder: string;
  entries: Entry[];
  selected: ReadonlySet<string>;
  /** The places things may be moved to. */
  places: readonly Area[];
  writable: boolean;
  /** Every entry's own menu, on a right click or the keyboard. */
  onContextMenu: MouseEventHandler<HTMLElement>;
  /** A drag ended (moved or not): the selection is cleared and the listing read again. */
  onMoved: () => void;
}): DragMove {
  const { supabase } = usePortal();
  const [dropFolder, setDropFolder] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  // A drag onto a folder holds nothing on the page (no dialog, no button): what it is doing is
  // said until storage has moved everything, or the person saw nothing until the listing changed.
  const [moving, setMoving] = useState<{ into: Entry; names: string[] } | null>(null);

  /** Moves the dragged entries (the selection, when the dragged one is part of it) into `folder`. */
  const moveInto = async (into: Entry, names: string[]) => {
    setMoveError(null);
    const dragged = entries.filter((entry) => names.includes(entry.name) && entry.key !== into.key);
    if (dragged.length === 0) return;
    const mine = { into, names: dragged.map((entry) => entry.name) };
    setMoving(mine);
    try {
      const problem = moveProblem(dragged, folder, into.key);
      const taken = problem ? [] : await takenAt(supabase, bucketId, into.key, dragged, places);
      if (problem) setMoveError(problem);
      else if (taken.length > 0)
        setMoveError(
          `“${taken[0]!.name}” exists in “${into.name}” already: nothing was moved. Use Move to choose whether to replace it or keep both.`,
        );
      else {
        const outcome = await moveEntries(
          supabase,
          bucketId,
          into.key,
          dragged.map((entry) => ({ entry, name: entry.name, replace: false })),
          places,
        );
        if (outcome.kind !== 'moved') setMoveError(moveFailureInWords(outcome, 'move', bucketId, places));
      }
    } catch (error) {
      setMoveError(describeFailure(error));
    } finally {
      // A second drag started meanwhile is still running: its words stay.
      setMoving((current) => (current === mine ? null : current));
    }
    onMoved();
  };

  const dragProps = (entry: Entry): DragProps => {
    if (!writable) return { onContextMenu };
    const props: DragProps = {
      onContextMenu,
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        const names = selected.has(entry.name) ? [...selected] : [entry.name];
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(names));
        event.dataTransfer.effectAllowed = 'move';
      },
    };
    if (entry.kind !== 'folder') return props;
    return {
      ...props,
      'data-drop-target': dropFolder === entry.name,
      'aria-busy': moving?.into.key === entry.key || undefined,
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        setDropFolder(entry.name);
      },
      onDragLeave: () => setDropFolder(null),
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.stopPropagation();
        setDropFolder(null);
        void moveInto(entry, JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as string[]);
      },
    };
  };

  return { dragProps, moving, moveError };
}
