import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

export interface DescriptionItem {
  term: ReactNode;
  description: ReactNode;
  /** React key; defaults to the index. */
  key?: string;
}

export interface DescriptionListProps extends HTMLAttributes<HTMLDListElement> {
  items: ReadonlyArray<DescriptionItem>;
}

/** Label/value pairs, e.g. a user's id, email and last sign-in. */
export function DescriptionList({ items, className, ...rest }: DescriptionListProps) {
  useStylesheet();
  return (
    <dl className={cx('pui-description-list', className)} {...rest}>
      {items.map((item, index) => (
        <div key={item.key ?? index} style={{ display: 'contents' }}>
          <dt>{item.term}</dt>
          <dd>{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}
