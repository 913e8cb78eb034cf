import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface ProgressBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Progress between 0 and `max`; leave undefined for an indeterminate bar. */
  value?: number;
  max?: number;
  /** What is progressing ("Uploading avatar.png"). Always the accessible name. */
  label: ReactNode;
  /** Show the label only to screen readers. */
  hideLabel?: boolean;
  /** Show the percentage at the end of the label row. */
  showValue?: boolean;
  /** Overrides the spoken and shown value, e.g. "3.2 of 8 MB". */
  valueText?: string;
  size?: 'sm' | 'md';
  tone?: 'accent' | 'danger';
}

/** role=progressbar with aria-valuenow; indeterminate when `value` is undefined. */
export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  showValue = false,
  valueText,
  size = 'md',
  tone = 'accent',
  className,
  ...rest
}: ProgressBarProps) {
  useStylesheet();
  const labelId = `pui-progress-${useId()}`;
  const determinate = typeof value === 'number' && Number.isFinite(value);
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  const text = valueText ?? (determinate ? `${percent}%` : undefined);
  return (
    <div
      className={cx('pui-progress', size === 'sm' && 'pui-progress--sm', tone === 'danger' && 'pui-progress--danger', className)}
      {...rest}
    >
      <div className={cx('pui-progress__meta', hideLabel && 'pui-visually-hidden')}>
        <span id={labelId} className="pui-progress__label">
          {label}
        </span>
        {showValue && text ? (
          <span className="pui-progress__value" aria-hidden="true">
            {text}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={determinate ? clamped : undefined}
        aria-valuetext={determinate ? text : undefined}
        className="pui-progress__track"
      >
        <div
          className={cx('pui-progress__bar', !determinate && 'pui-progress__bar--indeterminate')}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
