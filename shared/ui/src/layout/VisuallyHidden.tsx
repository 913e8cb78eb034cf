import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

/** Text for screen readers only (e.g. a label the layout already makes obvious to sighted users). */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  useStylesheet();
  return <span className={cx('pui-visually-hidden', className)} {...rest} />;
}
