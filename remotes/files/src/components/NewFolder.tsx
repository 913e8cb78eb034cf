// "New folder": a button and the name dialog; the folder is an `.emptyFolderPlaceholder`
// object, as Supabase Studio makes.
import { usePortal } from '@portal/platform';
import { Button } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { describeFailure } from '../failures.js';
import { FOLDER_PLACEHOLDER } from '../storage/folder-page.js';
import { NameDialog } from './NameDialog.js';

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
