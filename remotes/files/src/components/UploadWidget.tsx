// The upload widget other remotes borrow as a parcel (`./upload-parcel`): a drop zone and the
// same queue the folder browser uses (checks before sending, progress, pause/resume for large
// files, cancel), storing each file under the name the host chooses and telling it when stored.
import type { UploadParcelProps } from '@portal/platform';
import { FileDrop, Stack } from '@portal/ui';
import { useCallback, type ReactNode } from 'react';
import type { PickedFile } from '../folder-drop.js';
import { UploadQueuePanel, useUploadQueue } from './UploadQueuePanel.js';
import { filesStylesheet } from '../files.css.js';

/**
 * What the widget takes: the platform's contract for the `files/upload-parcel` parcel, so the
 * remotes that borrow it are typed with the same props (parcel-contracts.ts in @portal/platform).
 */
export type UploadWidgetProps = UploadParcelProps;

export function UploadWidget({
  bucket,
  limits,
  keyFor,
  check,
  upsert = false,
  multiple = true,
  accept,
  title = 'Drop files here',
  hint,
  buttonLabel = 'Choose files',
  label = 'Upload files',
  onStored,
}: UploadWidgetProps): ReactNode {
  const keyOfPicked = useCallback((picked: PickedFile) => keyFor(picked.file), [keyFor]);
  const stored = useCallback((key: string) => onStored?.(key), [onStored]);
  const queue = useUploadQueue({
    bucket,
    limits,
    keyFor: keyOfPicked,
    upsert,
    onStored: stored,
    ...(check ? { check } : {}),
  });
  const add = (files: File[]) => {
    // One file at a time (a profile picture): the previous one's outcome gives way to the new one.
    if (!multiple) queue.clearFinished();
    queue.add(files.map((file) => ({ file, path: file.name })));
  };
  return (
    <Stack gap={3} data-testid="upload-widget">
      <style>{filesStylesheet}</style>
      <FileDrop
        multiple={multiple}
        {...(accept ? { accept } : {})}
        // Files of another type go through the same checks, which say why they are refused.
        onRejected={add}
        title={title}
        {...(hint ? { hint } : {})}
        buttonLabel={buttonLabel}
        aria-label={label}
        onFiles={add}
      />
      <UploadQueuePanel queue={queue} />
    </Stack>
  );
}
