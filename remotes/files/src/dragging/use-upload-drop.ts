// The folder page as a drop zone for uploads: files and whole folders dropped from outside go to
// the upload queue (entries dragged inside the page are a move, use-drag-move.ts).
import { useState, type DragEvent, type HTMLAttributes } from 'react';
import { droppedFiles, type PickedFile } from '../folder-drop.js';
import { DRAG_TYPE } from './use-drag-move.js';

export function useUploadDrop(
  writable: boolean,
  upload: (files: PickedFile[]) => void,
): { dragging: boolean; dropZoneProps: HTMLAttributes<HTMLDivElement> & { 'data-dragging': boolean } } {
  const [dragging, setDragging] = useState(false);
  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!writable || event.dataTransfer.types.includes(DRAG_TYPE)) return;
    upload(await droppedFiles(event.dataTransfer));
  };
  return {
    dragging,
    dropZoneProps: {
      'data-dragging': dragging,
      onDragOver: (event) => {
        if (!writable || event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event) => void onDrop(event),
    },
  };
}
