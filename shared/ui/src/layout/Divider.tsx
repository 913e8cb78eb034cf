import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

/** A horizontal rule between groups of content. */
export function Divider({ className, ...rest }: HTMLAttributes<HTMLHRElement>) {
  useStylesheet();
  return <hr className={cx('pui-divider', className)} {...rest} />;
}
