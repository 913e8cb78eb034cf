import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; ignored when `decorative`. */
  label?: string;
  /** Show the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
  /** Purely visual (e.g. inside a busy Button that already says it is busy). */
  decorative?: boolean;
}

export function Spinner({
  size = 'md',
  label = 'Loading…',
  showLabel = false,
  decorative = false,
  className,
  ...rest
}: SpinnerProps) {
  useStylesheet();
  const circle = <span className={cx('pui-spinner', size !== 'md' && `pui-spinner--${size}`)} aria-hidden="true" />;
  if (decorative) return <span className={className} {...rest}>{circle}</span>;
  return (
    <span role="status" className={cx('pui-spinner-wrap', className)} {...rest}>
      {circle}
      <span className={showLabel ? undefined : 'pui-visually-hidden'}>{label}</span>
    </span>
  );
}
