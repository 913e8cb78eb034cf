import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Alert, InfoIcon, WarningIcon } from '@portal/ui/core';
import { cx } from '../internal/cx.js';
import { Dialog } from './Dialog.js';

export interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape or close: the dialog is dismissed without confirming. */
  onClose: () => void;
  /**
   * The confirmed action. If it returns a promise the confirm button shows a spinner
   * and the dialog closes when it resolves; if it rejects, the error's message is shown
   * in the dialog and the user can retry or cancel.
   */
  onConfirm: () => void | Promise<void>;
  title: ReactNode;
  /** What will happen, in plain words ("The table 'orders' and its 312 rows will be deleted."). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger: red confirm button, and focus starts on Cancel so Enter doesn't destroy anything. */
  tone?: 'default' | 'danger';
}

export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'default',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const messageId = `pui-confirm-${useId()}`;

  // A fresh opening starts without the previous attempt's error.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      role="alertdialog"
      describedBy={messageId}
      dismissible={!busy}
      hideCloseButton
      initialFocus={tone === 'danger' ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="pui-confirm__body">
        <span className={cx('pui-confirm__icon', tone === 'danger' && 'pui-confirm__icon--danger')} aria-hidden="true">
          {tone === 'danger' ? <WarningIcon /> : <InfoIcon />}
        </span>
        <div className="pui-confirm__text">
          <div id={messageId}>{children}</div>
          {error ? (
            <Alert tone="error" className="pui-confirm__error">
              {error}
            </Alert>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
