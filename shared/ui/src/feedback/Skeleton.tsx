import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface SkeletonProps extends HTMLAttributes<HTMLSpanElement> {
  width?: string;
  height?: string;
}

/** A grey placeholder block while content loads. Decorative: pair it with a Spinner or aria-busy. */
export function Skeleton({ width = '100%', height, className, style, ...rest }: SkeletonProps) {
  useStylesheet();
  return <span aria-hidden="true" className={cx('pui-skeleton', className)} style={{ width, height, ...style }} {...rest} />;
}
