import type { ReactNode } from 'react';
import { cx } from '../internal/cx.js';

export type ControlSize = 'sm' | 'md' | 'lg';

export interface InputFrameProps {
  size?: ControlSize;
  invalid?: boolean;
  disabled?: boolean;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The bordered box around a text-like control, with optional icons or buttons inside it. */
export function InputFrame({
  size = 'md',
  invalid = false,
  disabled = false,
  startAdornment,
  endAdornment,
  className,
  children,
}: InputFrameProps) {
  return (
    <div
      className={cx('pui-input-wrap', size !== 'md' && `pui-input-wrap--${size}`, className)}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      {startAdornment ? (
        <span className="pui-input-adornment pui-input-adornment--start">{startAdornment}</span>
      ) : null}
      {children}
      {endAdornment ? (
        <span className="pui-input-adornment pui-input-adornment--end">{endAdornment}</span>
      ) : null}
    </div>
  );
}
