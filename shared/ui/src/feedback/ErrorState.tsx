import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from '../buttons/Button.js';
import { ErrorIcon, RefreshIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface ErrorStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** What went wrong, in words for people. An Error shows its message. */
  message?: ReactNode | Error;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Busy state of the retry button while a retry runs. */
  retrying?: boolean;
  /** Technical details (error code, request id) in a collapsed disclosure. */
  details?: string;
  /** Further actions next to retry (e.g. "Go home"). */
  actions?: ReactNode;
  compact?: boolean;
}

/** A failure in place of content, announced to screen readers, with a way forward. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  details,
  actions,
  compact = false,
  className,
  ...rest
}: ErrorStateProps) {
  useStylesheet();
  const text = message instanceof Error ? message.message : message;
  return (
    <div role="alert" className={cx('pui-state', 'pui-state--error', compact && 'pui-state--compact', className)} {...rest}>
      <div className="pui-state__icon" aria-hidden="true">
        <ErrorIcon />
      </div>
      <p className="pui-state__title">{title}</p>
      {text ? <p className="pui-state__message">{text}</p> : null}
      {onRetry || actions ? (
        <div className="pui-state__actions">
          {onRetry ? (
            <Button variant="secondary" iconStart={<RefreshIcon />} loading={retrying} onClick={onRetry}>
              {retryLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
      {details ? (
        <details className="pui-state__details">
          <summary>Details</summary>
          <pre>{details}</pre>
        </details>
      ) : null}
    </div>
  );
}
