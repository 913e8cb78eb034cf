import { useId, type ComponentPropsWithRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface NavProps extends HTMLAttributes<HTMLElement> {
  /** Names the landmark, e.g. "Main" or "Settings". */
  label: string;
}

/** A navigation landmark. Put one or more NavSection (each a list of NavLink) inside. */
export function Nav({ label, className, ...rest }: NavProps) {
  useStylesheet();
  return <nav aria-label={label} className={cx('pui-nav', className)} {...rest} />;
}

export interface NavSectionProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** A small heading over a group of links. */
  title?: ReactNode;
}

/** A titled group of links; the title labels the list for screen readers. */
export function NavSection({ title, className, children, ...rest }: NavSectionProps) {
  const headingId = `pui-nav-section-${useId()}`;
  return (
    <div className={cx('pui-nav__section', className)} {...rest}>
      {title ? (
        <p id={headingId} className="pui-nav__heading">
          {title}
        </p>
      ) : null}
      <ul className="pui-nav__list" aria-labelledby={title ? headingId : undefined}>
        {children}
      </ul>
    </div>
  );
}

export interface NavLinkProps extends ComponentPropsWithRef<'a'> {
  /** The current page: sets aria-current="page" and the selected style. */
  active?: boolean;
  icon?: ReactNode;
  /** Something at the end of the row, such as a Badge with a count. */
  end?: ReactNode;
  disabled?: boolean;
}

/**
 * One link of the side navigation, rendered inside an <li>. It is a real <a href>, so
 * open-in-new-tab and the keyboard work; the shell passes `onClick` to route without a
 * reload and `onMouseEnter`/`onFocus` to preload the remote behind the link.
 */
export function NavLink({ active = false, icon, end, disabled = false, className, children, ...rest }: NavLinkProps) {
  return (
    <li>
      <a
        className={cx('pui-nav-link', className)}
        aria-current={active ? 'page' : undefined}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : undefined}
        {...rest}
      >
        {icon ? (
          <span className="pui-nav-link__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span className="pui-nav-link__label">{children}</span>
        {end}
      </a>
    </li>
  );
}
