import { usePortal } from '@portal/platform';
import { Avatar, Button, Card, Field, Form, FormActions, Stack, TextInput } from '@portal/ui';
import type { User } from '@supabase/supabase-js';
import { useState, type ReactNode } from 'react';
import { describeAuthError } from '../auth/auth-errors.js';
import { AvatarPicker } from './AvatarPicker.js';
import { FormError } from '../auth/FormError.js';
import { checkProfile, DISPLAY_NAME_MAX, hasErrors, type FieldErrors } from '../auth/validation.js';

export interface Profile {
  displayName: string;
  avatarUrl: string;
}

/** The person's own profile fields, kept in user_metadata (display_name, avatar_url). */
export function profileOf(user: User): Profile {
  const meta = user.user_metadata ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { displayName: text(meta.display_name) || text(meta.full_name) || text(meta.name), avatarUrl: text(meta.avatar_url) };
}

export function ProfileDetailsCard(): ReactNode {
  const { user, supabase, notify } = usePortal();
  const initial = user ? profileOf(user) : { displayName: '', avatarUrl: '' };
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [avatarUrl, setAvatarUrl] = useState(initial.avatarUrl);
  // The address last saved in user_metadata, which the upload and the removal change at once.
  const [savedAvatarUrl, setSavedAvatarUrl] = useState(initial.avatarUrl);
  const [errors, setErrors] = useState<FieldErrors<'displayName' | 'avatarUrl'>>({});
  const [busy, setBusy] = useState(false);
  // Preview only an address that passes the check: never load `javascript:` or other schemes.
  const previewUrl = avatarUrl.trim() && !checkProfile({ displayName: '', avatarUrl }).avatarUrl ? avatarUrl.trim() : undefined;

  const submit = async () => {
    const found = checkProfile({ displayName, avatarUrl });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { error } = await supabase.auth.updateUser({ data: { display_name: displayName.trim() || null, avatar_url: avatarUrl.trim() || null } });
    setBusy(false);
    if (error) return setErrors({ form: describeAuthError(error) });
    setSavedAvatarUrl(avatarUrl.trim());
    notify({ tone: 'success', title: 'Profile saved' });
  };

  return (
    <Card title="Name and picture" description="How other people see you in the portal." headingLevel={2}>
      <AvatarPicker
        savedUrl={savedAvatarUrl}
        name={displayName || user?.email || 'You'}
        onSaved={(url) => {
          setSavedAvatarUrl(url);
          setAvatarUrl(url);
        }}
      />
      <Form onSubmit={submit} aria-label="Name and picture">
        <Stack gap={4}>
          <FormError title="Could not save the profile" message={errors.form} />
          <Field label="Display name" error={errors.displayName} optional>
            <TextInput name="display-name" autoComplete="name" maxLength={DISPLAY_NAME_MAX + 20} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
          </Field>
          <Field label="Picture address" hint="Or a link to a picture elsewhere (https://…), saved with the name." error={errors.avatarUrl} optional>
            <div className="account-avatar-field">
              <Avatar name={displayName || user?.email || 'You'} src={previewUrl} decorative />
              <TextInput name="avatar-url" type="url" inputMode="url" value={avatarUrl} onChange={(e) => setAvatarUrl(e.target.value)} />
            </div>
          </Field>
          <FormActions align="start">
            <Button type="submit" variant="primary" loading={busy} loadingLabel="Saving…">
              Save profile
            </Button>
          </FormActions>
        </Stack>
      </Form>
    </Card>
  );
}
