import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A small dot before the text, for statuses ("● Live"). */
  dot?: boolean;
}

/** A short label: a status, a count, a role. The text itself must carry the meaning, not the colour. */
export function Badge({ tone = 'neutral', dot = false, className, children, ...rest }: BadgeProps) {
  useStylesheet();
  return (
    <span className={cx('pui-badge', tone !== 'neutral' && `pui-badge--${tone}`, className)} {...rest}>
      {dot ? <span className="pui-badge__dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
