import type { HTMLAttributes, ReactNode } from 'react';
import { IconButton } from '../buttons/IconButton.js';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  /** Replace the tone's icon; null for none. */
  icon?: ReactNode;
}

const ICONS: Record<AlertTone, ReactNode> = {
  info: <InfoIcon />,
  success: <SuccessIcon />,
  warning: <WarningIcon />,
  error: <ErrorIcon />,
};

/**
 * An inline message. Errors use role=alert (announced at once); the others role=status
 * (announced politely), so a page with a standing notice doesn't interrupt anyone.
 */
export function Alert({
  tone = 'info',
  title,
  actions,
  onDismiss,
  dismissLabel = 'Dismiss',
  icon,
  className,
  children,
  ...rest
}: AlertProps) {
  useStylesheet();
  const shownIcon = icon === undefined ? ICONS[tone] : icon;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('pui-alert', `pui-alert--${tone}`, className)} {...rest}>
      {shownIcon ? (
        <span className="pui-alert__icon" aria-hidden="true">
          {shownIcon}
        </span>
      ) : null}
      <div className="pui-alert__content">
        {title ? <p className="pui-alert__title">{title}</p> : null}
        {children ? <div className="pui-alert__body">{children}</div> : null}
        {actions ? <div className="pui-alert__actions">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <IconButton className="pui-alert__close" size="sm" label={dismissLabel} icon={<CloseIcon />} onClick={onDismiss} />
      ) : null}
    </div>
  );
}
