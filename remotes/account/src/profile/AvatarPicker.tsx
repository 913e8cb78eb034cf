import { RemoteParcel, describeError, usePortal, type ParcelProps } from '@portal/platform';
import { Alert, Avatar, Button, ProgressBar, Stack } from '@portal/ui';
import { isUnanswered } from '@portal/ui/words';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { describeAuthError } from '../auth/auth-errors.js';
import { AVATAR_BUCKET, AVATAR_MAX_BYTES, AVATAR_TYPES, avatarObjectPath, checkAvatarFile, ownAvatarObject } from './avatar-upload.js';
import { FormError } from '../auth/FormError.js';

export interface AvatarPickerProps {
  /** The picture now saved in user_metadata.avatar_url ('' when none). */
  savedUrl: string;
  /** The name the initials come from when there is no picture. */
  name: string;
  /** Called with the new saved address after an upload or a removal ('' when removed). */
  onSaved: (url: string) => void;
}

const AVATAR_LIMITS = { fileSizeLimit: AVATAR_MAX_BYTES, allowedMimeTypes: Object.keys(AVATAR_TYPES) };

/**
 * The picture is uploaded into the person's own folder of the avatars bucket by the files
 * remote's upload parcel; once stored, its public address is saved in user_metadata.avatar_url
 * and the previous upload deleted. Removing clears the metadata and deletes the upload. Each
 * step's refusal is shown in words (the parcel shows storage's, this form auth's).
 */
export function AvatarPicker({ savedUrl, name, onSaved }: AvatarPickerProps): ReactNode {
  const { user, supabase, notify } = usePortal();
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const userId = user?.id ?? '';
  const bucket = supabase.storage.from(AVATAR_BUCKET);
  const folderUrl = bucket.getPublicUrl(userId).data.publicUrl;

  /** Deletes the previous upload once nothing points at it; a leftover file is harmless. */
  const forget = useCallback(
    async (url: string) => {
      const previous = url ? ownAvatarObject(url, folderUrl, userId) : null;
      if (previous) await supabase.storage.from(AVATAR_BUCKET).remove([previous]);
    },
    [supabase, folderUrl, userId],
  );

  const save = useCallback(
    async (objectPath: string) => {
      setError(undefined);
      setBusy('save');
      try {
        const pictures = supabase.storage.from(AVATAR_BUCKET);
        const publicUrl = pictures.getPublicUrl(objectPath).data.publicUrl;
        const updated = await supabase.auth.updateUser({ data: { avatar_url: publicUrl } });
        if (updated.error) {
          await pictures.remove([objectPath]);
          return setError(describeAuthError(updated.error));
        }
        await forget(savedUrl);
        onSaved(publicUrl);
        notify({ tone: 'success', title: 'Picture updated', message: 'People now see your new picture.' });
      } finally {
        setBusy(null);
      }
    },
    [supabase, forget, savedUrl, onSaved, notify],
  );

  // The files remote lends its upload widget at run time instead of the account keeping its own
  // uploader: one implementation of uploads, its props the platform's contract for the parcel.
  const parcelProps = useMemo<ParcelProps<'files/upload-parcel'>>(
    () => ({
      bucket: AVATAR_BUCKET,
      limits: AVATAR_LIMITS,
      // A refused file never reaches storage, so its name only needs to be well formed.
      keyFor: (file) => (AVATAR_TYPES[file.type] ? avatarObjectPath(userId, file.type, Date.now()) : `${userId}/${file.name}`),
      check: checkAvatarFile,
      upsert: true,
      multiple: false,
      accept: Object.keys(AVATAR_TYPES).join(','),
      title: 'Drop a picture here',
      hint: 'PNG, JPEG, WebP or GIF, up to 2 MB.',
      buttonLabel: 'Choose a picture',
      label: 'Upload a picture',
      onStored: (key) => void save(key),
    }),
    [userId, save],
  );
  if (!user) return null;

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
            <Button variant="secondary" size="sm" loading={busy === 'remove'} loadingLabel="Removing…" disabled={busy === 'save'} onClick={() => void remove()}>
              Remove picture
            </Button>
          ) : null}
        </div>
        <RemoteParcel
          className="account-avatar-upload__drop"
          remote="files"
          expose="upload-parcel"
          parcelProps={parcelProps}
          loading={
            <div className="account-avatar-upload__loading">
              <ProgressBar label="Loading the uploader" hideLabel />
            </div>
          }
          renderError={(failure, retry) => (
            <Alert tone="error" title="The picture uploader could not be loaded" data-testid="avatar-uploader-error">
              The Files area that uploads pictures is not reachable right now{isUnanswered(failure) ? '' : ` (${describeError(failure)})`}. Your current picture is kept.{' '}
              <Button size="sm" variant="secondary" onClick={retry}>
                Try again
              </Button>
            </Alert>
          )}
        />
      </div>
    </Stack>
  );
}
