import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface PageHeaderProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title block at the top of a remote's page: one <h1> per page. */
export function PageHeader({ title, description, actions, className, ...rest }: PageHeaderProps) {
  useStylesheet();
  return (
    <div className={cx('pui-page-header', className)} {...rest}>
      <div className="pui-page-header__text">
        <h1 className="pui-page-header__title">{title}</h1>
        {description ? <p className="pui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="pui-page-header__actions">{actions}</div> : null}
    </div>
  );
}
