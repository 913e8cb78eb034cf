import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { IconButton, CloseIcon } from '@portal/ui/core';
import { createPortal } from 'react-dom';
import { cx } from '../internal/cx.js';
import { tabbableElements } from '../internal/focusable.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { isTopDialog, pushDialog } from './dialogStack.js';
import { overlaysPart } from './overlays.css.js';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button, or a click on the backdrop (when `dismissible`). */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** A line under the title, also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Cancel / Save). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The element to focus on open; defaults to the first field or button in the body, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape and backdrop clicks close it (default true). Turn off while saving. */
  dismissible?: boolean;
  hideCloseButton?: boolean;
  closeLabel?: string;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog, when it is not `description` (e.g. a confirmation's message). */
  describedBy?: string;
  className?: string;
}

/**
 * A modal dialog: rendered in a portal over a dimmed backdrop, labelled by its title,
 * with focus moved in on open, trapped inside while open (Tab cycles), Escape to close,
 * and focus returned to the element that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  dismissible = true,
  hideCloseButton = false,
  closeLabel = 'Close',
  role = 'dialog',
  describedBy,
  className,
}: DialogProps) {
  useGroupStylesheet(overlaysPart);
  const [token] = useState(() => Symbol('dialog'));
  const baseId = `pui-dialog-${useId()}`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const requestClose = useEffectEvent(() => {
    if (dismissible) onClose();
  });
  const focusInitial = useEffectEvent(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const target =
      initialFocus?.current ?? (bodyRef.current ? tabbableElements(bodyRef.current)[0] : undefined) ?? dialog;
    target.focus();
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const popDialog = pushDialog(token);
    focusInitial();

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !isTopDialog(token)) return;
      event.preventDefault();
      requestClose();
    };
    // Focus that escapes (a click on the page behind, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTopDialog(token) || !dialogRef.current) return;
      const target = event.target;
      // Menus opened from inside the dialog render in their own portal; they may hold focus.
      const inOwnPortal = target instanceof Element && target.closest('[data-pui-portal]');
      if (target instanceof Node && !dialogRef.current.contains(target) && !inOwnPortal) {
        (tabbableElements(dialogRef.current)[0] ?? dialogRef.current).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      popDialog();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, token]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const tabbable = tabbableElements(dialogRef.current);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="pui-dialog-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={`${baseId}-title`}
        aria-describedby={describedBy ?? (description ? `${baseId}-description` : undefined)}
        tabIndex={-1}
        className={cx('pui-dialog', size !== 'md' && `pui-dialog--${size}`, className)}
        onKeyDown={trapTab}
      >
        <div className="pui-dialog__header">
          <div>
            <h2 id={`${baseId}-title`} className="pui-dialog__title">
              {title}
            </h2>
            {description ? (
              <p id={`${baseId}-description`} className="pui-dialog__description">
                {description}
              </p>
            ) : null}
          </div>
          {hideCloseButton ? null : (
            <IconButton
              className="pui-dialog__close"
              size="sm"
              label={closeLabel}
              icon={<CloseIcon />}
              onClick={onClose}
              disabled={!dismissible}
            />
          )}
        </div>
        {children !== undefined ? (
          <div ref={bodyRef} className="pui-dialog__body">
            {children}
          </div>
        ) : null}
        {footer ? <div className="pui-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
