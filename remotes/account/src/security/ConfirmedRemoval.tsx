import { describeError, usePortal } from '@portal/platform';
import { Button, ConfirmDialog } from '@portal/ui';
import type { AuthError } from '@supabase/supabase-js';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { describeAuthError, needsSecondFactor } from '../auth/auth-errors.js';
import { requireSecondFactor, sendToSecondFactor } from '../second-factor/step-up.js';

export interface ConfirmedRemovalOptions<T> {
  /** The confirmation's question, e.g. "Remove this passkey?". */
  title: string;
  /** What removing this item will do, in plain words. */
  consequence: (item: T) => string;
  /** The auth call that removes the item. */
  remove: (item: T) => Promise<{ error: AuthError | null }>;
  /** After a removal that went through: tell the person and reload the list. */
  removed: (item: T) => Promise<void>;
}

export interface ConfirmedRemoval<T> {
  /** The item's "Remove" button; `label` names the item for screen readers. */
  button: (item: T, label?: string) => ReactNode;
  /** The confirmation dialog, to render once in the card. */
  dialog: ReactNode;
}

/**
 * Removing a sign-in method from the Security page: a person who has a second factor uses it
 * first (the shell's aal2 rule; GoTrue answers insufficient_aal otherwise, which also sends them
 * to the challenge), then confirms; a refusal is shown in the dialog, which stays open to retry.
 */
export function useConfirmedRemoval<T>({
  title,
  consequence,
  remove,
  removed,
}: ConfirmedRemovalOptions<T>): ConfirmedRemoval<T> {
  const { auth } = usePortal();
  const [removing, setRemoving] = useState<T | null>(null);

  const confirm = async (item: T) => {
    const { error: failed } = await remove(item);
    if (failed) {
      if (needsSecondFactor(failed)) {
        sendToSecondFactor(ACCOUNT_PAGES.security);
        return;
      }
      throw new Error(describeAuthError(failed));
    }
    await removed(item);
  };

  const button = (item: T, label?: string) => (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={() => {
        if (requireSecondFactor(auth, ACCOUNT_PAGES.security)) setRemoving(item);
      }}
    >
      Remove
    </Button>
  );

  const dialog = (
    <ConfirmDialog
      open={removing !== null}
      onClose={() => setRemoving(null)}
      onConfirm={async () => {
        if (removing === null) return;
        try {
          await confirm(removing);
        } catch (failure) {
          throw new Error(describeError(failure));
        }
        setRemoving(null);
      }}
      title={title}
      confirmLabel="Remove"
      tone="danger"
    >
      {removing === null ? null : consequence(removing)}
    </ConfirmDialog>
  );

  return { button, dialog };
}
