import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or a menu at the top right. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** No body padding, for a table or list that runs edge to edge. */
  flush?: boolean;
  /** Heading level of the title (default 2; 1 when the card is the page, e.g. a sign-in form). */
  headingLevel?: 1 | 2 | 3 | 4;
}

/** A bordered surface. With a title it is a labelled <section>; without, a plain <div>. */
export function Card({
  title,
  description,
  actions,
  footer,
  flush = false,
  headingLevel = 2,
  className,
  children,
  ...rest
}: CardProps) {
  useStylesheet();
  const titleId = `pui-card-${useId()}`;
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  const Element = title !== undefined ? 'section' : 'div';
  return (
    <Element
      className={cx('pui-card', flush && 'pui-card--flush', className)}
      aria-labelledby={title !== undefined ? titleId : undefined}
      {...rest}
    >
      {hasHeader ? (
        <div className="pui-card__header">
          <div className="pui-card__heading">
            {title !== undefined ? (
              <Heading id={titleId} className="pui-card__title">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="pui-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="pui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children !== undefined ? <div className="pui-card__body">{children}</div> : null}
      {footer ? <div className="pui-card__footer">{footer}</div> : null}
    </Element>
  );
}
