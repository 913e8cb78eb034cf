import type { HTMLAttributes, ReactNode } from 'react';
import { InboxIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to an inbox; pass null for none. */
  icon?: ReactNode;
  /** The next step, usually a primary Button ("Create a table"). */
  action?: ReactNode;
  compact?: boolean;
  /**
   * The title as a heading of this level, for an empty state that is the page's or a section's
   * main content (a page that only says "Page not found" still needs its h1). Default: a paragraph.
   */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** What to show where a list or table has nothing yet, and what to do about it. */
export function EmptyState({ title, description, icon, action, compact = false, headingLevel, className, ...rest }: EmptyStateProps) {
  useStylesheet();
  const shownIcon = icon === undefined ? <InboxIcon /> : icon;
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div className={cx('pui-state', compact && 'pui-state--compact', className)} {...rest}>
      {shownIcon ? (
        <div className="pui-state__icon" aria-hidden="true">
          {shownIcon}
        </div>
      ) : null}
      <Title className="pui-state__title">{title}</Title>
      {description ? <p className="pui-state__message">{description}</p> : null}
      {action ? <div className="pui-state__actions">{action}</div> : null}
    </div>
  );
}
