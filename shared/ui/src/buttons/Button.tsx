import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Spinner } from '../feedback/Spinner.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and ignores clicks, but keeps focus where it is (unlike `disabled`). */
  loading?: boolean;
  /** Announced while loading; defaults to the button's own text plus "in progress". */
  loadingLabel?: string;
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
  /** Stretch to the container's width. */
  block?: boolean;
}

/**
 * The one button. `type` defaults to "button" so a button inside a form never submits it
 * by accident; pass `type="submit"` for the form's main action.
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  loadingLabel,
  iconStart,
  iconEnd,
  block = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...rest
}: ButtonProps) {
  useStylesheet();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={cx(
        'pui-button',
        `pui-button--${variant}`,
        size !== 'md' && `pui-button--${size}`,
        block && 'pui-button--block',
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {iconStart ? <span className="pui-button__icon">{iconStart}</span> : null}
      {children !== undefined && children !== null ? <span className="pui-button__label">{children}</span> : null}
      {iconEnd ? <span className="pui-button__icon">{iconEnd}</span> : null}
      {loading ? (
        <span className="pui-button__spinner">
          <Spinner size={size === 'lg' ? 'md' : 'sm'} decorative />
          {loadingLabel ? <span className="pui-visually-hidden">{loadingLabel}</span> : null}
        </span>
      ) : null}
    </button>
  );
}
