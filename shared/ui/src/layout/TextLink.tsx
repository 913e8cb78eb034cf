import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface TextLinkProps extends ComponentPropsWithRef<'a'> {
  /** Opens in a new tab, safely (rel="noopener noreferrer"), and says so to screen readers. */
  external?: boolean;
}

/** A link inside running text, in the accent colour and underlined so it doesn't rely on colour alone. */
export function TextLink({ external = false, className, children, ...rest }: TextLinkProps) {
  useStylesheet();
  return (
    <a
      className={cx('pui-link', className)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
      {external ? <span className="pui-visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
