import { usePortal } from '@portal/platform';
import { Avatar, Button, FileDrop, Stack } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { describeAuthError } from './auth-errors.js';
import { AVATAR_BUCKET, AVATAR_TYPES, avatarObjectPath, checkAvatarFile, describeStorageError, ownAvatarObject } from './avatar-upload.js';
import { FormError } from './FormError.js';

export interface AvatarPickerProps {
  /** The picture now saved in user_metadata.avatar_url ('' when none). */
  savedUrl: string;
  /** The name the initials come from when there is no picture. */
  name: string;
  /** Called with the new saved address after an upload or a removal ('' when removed). */
  onSaved: (url: string) => void;
}

/**
 * Uploads a picture into the person's own folder of the avatars bucket and saves its public
 * address in user_metadata.avatar_url; removing clears the metadata and deletes the upload.
 * Each step's refusal is shown in words (storage errors, then auth errors).
 */
export function AvatarPicker({ savedUrl, name, onSaved }: AvatarPickerProps): ReactNode {
  const { user, supabase, notify } = usePortal();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!user) return null;
  const bucket = supabase.storage.from(AVATAR_BUCKET);
  const folderUrl = bucket.getPublicUrl(user.id).data.publicUrl;

  /** Deletes the previous upload once nothing points at it; a leftover file is harmless. */
  const forget = async (url: string) => {
    const previous = url ? ownAvatarObject(url, folderUrl, user.id) : null;
    if (previous) await bucket.remove([previous]);
  };

  const upload = async (file: File) => {
    const problem = checkAvatarFile(file);
    setError(problem);
    if (problem) return;
    setBusy('upload');
    try {
      const objectPath = avatarObjectPath(user.id, file.type, Date.now());
      const uploaded = await bucket.upload(objectPath, file, { upsert: true, contentType: file.type });
      if (uploaded.error) return setError(describeStorageError(uploaded.error));
      const publicUrl = bucket.getPublicUrl(uploaded.data.path).data.publicUrl;
      const saved = await supabase.auth.updateUser({ data: { avatar_url: publicUrl } });
      if (saved.error) {
        await bucket.remove([uploaded.data.path]);
        return setError(describeAuthError(saved.error));
      }
      await forget(savedUrl);
      onSaved(publicUrl);
      notify({ tone: 'success', title: 'Picture updated', message: 'People now see your new picture.' });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(undefined);
    setBusy('remove');
    try {
      const saved = await supabase.auth.updateUser({ data: { avatar_url: null } });
      if (saved.error) return setError(describeAuthError(saved.error));
      await forget(savedUrl);
      onSaved('');
      notify({ tone: 'success', title: 'Picture removed', message: 'Your initials are shown instead.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={3} className="account-avatar-picker">
      <FormError title="Could not change the picture" message={error} />
      <div className="account-avatar-upload">
        <div className="account-avatar-upload__current">
          <Avatar name={name} src={savedUrl || undefined} size="lg" data-testid="avatar-preview" />
          {savedUrl ? (
            <Button variant="secondary" size="sm" loading={busy === 'remove'} loadingLabel="Removing…" disabled={busy === 'upload'} onClick={() => void remove()}>
              Remove picture
            </Button>
          ) : null}
        </div>
        <FileDrop
          className="account-avatar-upload__drop"
          accept={Object.keys(AVATAR_TYPES).join(',')}
          // A file of the wrong kind goes through the same checks, which say why it was refused.
          onRejected={(files) => {
            if (files[0]) void upload(files[0]);
          }}
          multiple={false}
          disabled={busy !== null}
          title={busy === 'upload' ? 'Uploading…' : 'Drop a picture here'}
          hint="PNG, JPEG, WebP or GIF, up to 2 MB."
          buttonLabel="Choose a picture"
          aria-label="Upload a picture"
          onFiles={(files) => {
            if (files[0]) void upload(files[0]);
          }}
        />
      </div>
    </Stack>
  );
}
