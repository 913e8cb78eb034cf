import type { CSSProperties, HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

/** Steps of the spacing scale (--pui-space-N). */
export type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12;

const space = (step: Space) => `var(--pui-space-${step})`;

interface FlexProps extends HTMLAttributes<HTMLDivElement> {
  gap?: Space;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
}

/** Children in a column, `gap` steps apart. */
export function Stack({ gap = 4, align, justify, className, style, ...rest }: FlexProps) {
  useStylesheet();
  return (
    <div
      className={cx('pui-stack', className)}
      style={{ gap: space(gap), alignItems: align, justifyContent: justify, ...style }}
      {...rest}
    />
  );
}

export interface InlineProps extends FlexProps {
  /** Let children wrap onto the next line (default true). */
  wrap?: boolean;
}

/** Children in a row, vertically centred by default, wrapping when space runs out. */
export function Inline({ gap = 2, align = 'center', justify, wrap = true, className, style, ...rest }: InlineProps) {
  useStylesheet();
  return (
    <div
      className={cx('pui-inline', !wrap && 'pui-inline--nowrap', className)}
      style={{ gap: space(gap), alignItems: align, justifyContent: justify, ...style }}
      {...rest}
    />
  );
}
