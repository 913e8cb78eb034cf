import { useId, type HTMLAttributes } from 'react';
import { Button, IconButton, ChevronLeftIcon, ChevronRightIcon } from '@portal/ui/core';
import { Select } from '../forms/Select.js';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { tablePart } from './table.css.js';
import { pageItems } from '../nav/pageItems.js';

export interface PaginationProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  /** The current page, counted from 1. */
  page: number;
  pageSize: number;
  /**
   * How many items there are in all. Null when unknown (e.g. a query without a count):
   * then there are no page numbers, and `hasNextPage` decides whether Next is enabled.
   */
  total: number | null;
  onPageChange: (page: number) => void;
  /** Shows the page-size picker when given. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: ReadonlyArray<number>;
  /** Only used when `total` is null. */
  hasNextPage?: boolean;
  /** What is being counted, plural ("rows", "files"). */
  itemLabel?: string;
  /** Names the navigation landmark. */
  label?: string;
  pageSizeLabel?: string;
  /** Formats counts; defaults to the user's locale. */
  formatNumber?: (value: number) => string;
}

const defaultFormat = (value: number) => value.toLocaleString();

/** Page controls for a table or list: a summary, page numbers, previous/next and page size. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 25, 50, 100],
  hasNextPage,
  itemLabel = 'rows',
  label = 'Pagination',
  pageSizeLabel = 'Rows per page',
  formatNumber = defaultFormat,
  className,
  ...rest
}: PaginationProps) {
  useGroupStylesheet(tablePart);
  const sizeId = `pui-pagination-${useId()}-size`;
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = total === null ? page * pageSize : Math.min(page * pageSize, total);
  const canPrevious = page > 1;
  const canNext = pageCount === null ? Boolean(hasNextPage) : page < pageCount;

  const summary =
    total === null
      ? `${formatNumber(first)}–${formatNumber(last)} ${itemLabel}`
      : total === 0
        ? `No ${itemLabel}`
        : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${itemLabel}`;

  return (
    <nav aria-label={label} className={cx('pui-pagination', className)} {...rest}>
      <div className="pui-pagination__summary" aria-live="polite" aria-atomic="true">
        {summary}
      </div>
      <div className="pui-pagination__controls">
        {onPageSizeChange ? (
          <div className="pui-pagination__size">
            <label htmlFor={sizeId}>{pageSizeLabel}</label>
            <Select
              id={sizeId}
              size="sm"
              value={String(pageSize)}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              options={pageSizeOptions.map((size) => ({ value: String(size), label: String(size) }))}
            />
          </div>
        ) : null}
        <IconButton
          size="sm"
          variant="secondary"
          label="Previous page"
          icon={<ChevronLeftIcon />}
          disabled={!canPrevious}
          onClick={() => onPageChange(page - 1)}
        />
        {pageCount !== null ? (
          <ul className="pui-pagination__pages">
            {pageItems(page, pageCount).map((item, index) =>
              item === 'gap' ? (
                <li key={`gap-${index}`} className="pui-pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="pui-pagination__page"
                    aria-label={`Page ${item}`}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => item !== page && onPageChange(item)}
                  >
                    {formatNumber(item)}
                  </Button>
                </li>
              ),
            )}
          </ul>
        ) : null}
        <IconButton
          size="sm"
          variant="secondary"
          label="Next page"
          icon={<ChevronRightIcon />}
          disabled={!canNext}
          onClick={() => onPageChange(page + 1)}
        />
      </div>
    </nav>
  );
}
