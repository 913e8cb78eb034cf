import type { ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { Button, type ButtonProps } from './Button.js';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'iconStart' | 'iconEnd' | 'block'> {
  /** The accessible name (also shown as a tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
}

export function IconButton({ label, icon, variant = 'ghost', className, title, ...rest }: IconButtonProps) {
  return (
    <Button
      variant={variant}
      aria-label={label}
      title={title ?? label}
      className={cx('pui-icon-button', className)}
      iconStart={icon}
      {...rest}
    />
  );
}
