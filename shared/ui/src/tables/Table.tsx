import { Fragment, memo, useId, useMemo, useRef, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { ProgressBar, ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from '@portal/ui/core';
import { Checkbox } from '../forms/Checkbox.js';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { useBoxNarrowerThan } from '../internal/useBoxNarrowerThan.js';
import { useOverflows } from '../internal/useOverflows.js';
import { tablePart } from './table.css.js';
import { nextSort, type SortState } from '../data/sort.js';

export interface TableColumn<Row> {
  /** Identifies the column (sort key, React key). */
  key: string;
  header: ReactNode;
  /** The cell's content. Defaults to `String(row[key])` (text, never HTML). */
  cell?: (row: Row, rowIndex: number) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'center' | 'end';
  /** CSS width, e.g. "8rem" or "20%". */
  width?: string;
  /** Accessible header text when `header` is not plain text (e.g. an icon). */
  headerLabel?: string;
  /**
   * Stays at the start while the table scrolls sideways, with the selection checkboxes: the column
   * a row is known by (its key), so a row edited far to the right still says which row it is.
   * Only the first column may be sticky.
   */
  sticky?: boolean;
  /**
   * Left out, header and cells, where the table's box is this wide or narrower (a CSS length in
   * `px`, `rem` or `em`, e.g. `40rem`: a phone, or a tablet beside the navigation): for a column
   * a narrow table can do without, whose facts the app says elsewhere there (the files remote:
   * under each name, with a container query on the same width).
   */
  hideBelow?: string;
}

export interface TableProps<Row> extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  /** A stable key per row (its primary key); also the value held in the selection. */
  rowKey: (row: Row, rowIndex: number) => string;
  /** Names the table. Shown above it unless `hideCaption`. */
  caption: ReactNode;
  hideCaption?: boolean;
  /** The current sort (controlled). Headers of sortable columns become buttons. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** Selected row keys; with `onSelectionChange`, adds a checkbox column. */
  selectedKeys?: ReadonlySet<string>;
  onSelectionChange?: (keys: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. the row's id or name. */
  rowLabel?: (row: Row, rowIndex: number) => string;
  /**
   * Shown in place of the rows when there are none (an EmptyState, usually); not while `loading`,
   * when no rows means not read yet rather than none.
   */
  empty?: ReactNode;
  /** Shows a thin progress bar over the header while rows are (re)loading. */
  loading?: boolean;
  /** Keep the header in view while the container scrolls (default true). */
  stickyHeader?: boolean;
  density?: 'comfortable' | 'compact';
  /** Let long cell text wrap instead of being cut with an ellipsis. */
  wrapCells?: boolean;
  /** Extra props per row (onClick, onDoubleClick, data-* …). */
  rowProps?: (row: Row, rowIndex: number) => HTMLAttributes<HTMLTableRowElement> & { key?: Key };
  /** Max height of the scroll container, so the sticky header has something to stick in. */
  maxHeight?: string;
  /**
   * An ARIA grid (`role="grid"`): its cells are one tab stop, moved between with the arrow keys,
   * which the caller provides (e.g. a spreadsheet-like editor). Otherwise a plain data table.
   */
  grid?: boolean;
  /**
   * A CSS width in `px`, `rem` or `em` (e.g. "40rem"): where the table's box is this wide or
   * narrower, the rows are drawn as a list, one card per row with each column's header beside its
   * value, instead of a table the reader scrolls sideways (a phone, or a tablet beside the
   * navigation). For tables read rather than worked in: a grid, a selection or sorting keep the
   * table at every width.
   */
  stackBelow?: string;
}

/** The columns without those whose `hideBelow` the box is narrower than (the same array when none is). */
function useShownColumns<Row>(columns: ReadonlyArray<TableColumn<Row>>, narrower: (width: string) => boolean): ReadonlyArray<TableColumn<Row>> {
  const hidden = [...new Set(columns.flatMap((column) => (column.hideBelow && narrower(column.hideBelow) ? [column.hideBelow] : [])))].join('\n');
  return useMemo(() => {
    if (hidden === '') return columns;
    const left = new Set(hidden.split('\n'));
    return columns.filter((column) => !(column.hideBelow && left.has(column.hideBelow)));
  }, [columns, hidden]);
}

function defaultCell<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A data table: caption, sortable headers (aria-sort), optional row selection with
 * checkboxes, an empty slot and a sticky header. Cells render as React text, never HTML.
 *
 * The box around the table follows whether it scrolls (measured once the browser has laid the
 * table out); the table itself is a memoised component of its own, so that measurement changing
 * the box's attributes does not render every row and cell again (on the data remote's list of
 * tables, 80 components in a task of its own at a phone's CPU, issue #40).
 */
export function Table<Row>({
  columns: allColumns,
  rows,
  rowKey,
  caption,
  hideCaption,
  sort,
  onSortChange,
  selectedKeys,
  onSelectionChange,
  rowLabel,
  empty,
  loading = false,
  stickyHeader,
  density,
  wrapCells,
  rowProps,
  maxHeight,
  grid = false,
  stackBelow,
  className,
  style,
  ...rest
}: TableProps<Row>) {
  useGroupStylesheet(tablePart);
  const stackable = Boolean(stackBelow) && !grid && !(selectedKeys && onSelectionChange) && !onSortChange;
  // The box the table is drawn in (or its cards: as wide), measured for stackBelow and hideBelow.
  const boxRef = useRef<HTMLDivElement>(null);
  const widths = [...new Set([...(stackable && stackBelow ? [stackBelow] : []), ...allColumns.flatMap((column) => (column.hideBelow ? [column.hideBelow] : []))])];
  const stackIndex = stackable && stackBelow ? widths.indexOf(stackBelow) : -1;
  const narrowerThan = useBoxNarrowerThan(boxRef, widths);
  const narrow = stackIndex >= 0 && narrowerThan[stackIndex] === true;
  const columns = useShownColumns(allColumns, (width) => narrowerThan[widths.indexOf(width)] === true);
  // A table wider (or taller) than its box scrolls: the box then takes focus, so a keyboard can
  // scroll it too, and is named by the caption (axe: scrollable-region-focusable). Not a grid: its
  // cells are already one tab stop, and the arrow keys that move between them scroll it.
  // Cards never scroll sideways: only the table's box is observed.
  const scrolls = useOverflows(boxRef, !narrow) === true && !grid && !narrow;
  const captionId = `pui-table-${useId()}-caption`;

  if (stackable && narrow) {
    return (
      <div ref={boxRef} className={cx('pui-table-stack', className)} style={style} aria-busy={loading || undefined} {...rest}>
        {loading ? (
          <div className="pui-table__loading">
            <ProgressBar label="Loading rows" size="sm" hideLabel />
          </div>
        ) : null}
        <TableStack captionId={captionId} loading={loading} columns={columns} rows={rows} rowKey={rowKey} caption={caption} hideCaption={hideCaption} empty={empty} density={density} rowProps={rowProps} />
      </div>
    );
  }

  return (
    <div
      ref={boxRef}
      className={cx('pui-table-container', className)}
      style={maxHeight ? { maxHeight, ...style } : style}
      aria-busy={loading || undefined}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
      {...rest}
    >
      {loading ? (
        <div className="pui-table__loading">
          <ProgressBar label="Loading rows" size="sm" hideLabel />
        </div>
      ) : null}
      <TableElement
        captionId={captionId}
        loading={loading}
        grid={grid}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        caption={caption}
        hideCaption={hideCaption}
        sort={sort}
        onSortChange={onSortChange}
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        rowLabel={rowLabel}
        empty={empty}
        stickyHeader={stickyHeader}
        density={density}
        wrapCells={wrapCells}
        rowProps={rowProps}
      />
    </div>
  );
}

type TableElementProps<Row> = Omit<TableProps<Row>, keyof HTMLAttributes<HTMLDivElement> | 'maxHeight'> & { captionId: string; loading: boolean; grid: boolean };

/** The `<table>`: caption, headers and rows. */
function TableElementOf<Row>({
  captionId,
  loading,
  grid,
  columns,
  rows,
  rowKey,
  caption,
  hideCaption = false,
  sort = null,
  onSortChange,
  selectedKeys,
  onSelectionChange,
  rowLabel,
  empty,
  stickyHeader = true,
  density = 'comfortable',
  wrapCells = false,
  rowProps,
}: TableElementProps<Row>) {
  const selectable = Boolean(selectedKeys && onSelectionChange);
  const keys = rows.map((row, index) => rowKey(row, index));
  const selectedCount = selectable ? keys.filter((key) => selectedKeys?.has(key)).length : 0;
  const allSelected = rows.length > 0 && selectedCount === rows.length;

  const toggleAll = () => {
    if (!selectedKeys || !onSelectionChange) return;
    const next = new Set(selectedKeys);
    for (const key of keys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    onSelectionChange(next);
  };
  const toggleRow = (key: string) => {
    if (!selectedKeys || !onSelectionChange) return;
    const next = new Set(selectedKeys);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectionChange(next);
  };

  const columnCount = columns.length + (selectable ? 1 : 0);
  const stickyStart = columns[0]?.sticky === true;
  const stickyIf = (column: TableColumn<Row>) => (stickyStart && column === columns[0] ? 'start' : undefined);

  return (
    <table
      role={grid ? 'grid' : undefined}
      className={cx(
        'pui-table',
        stickyHeader && 'pui-table--sticky',
        stickyStart && selectable && 'pui-table--sticky-after-select',
        density === 'compact' && 'pui-table--compact',
        wrapCells && 'pui-table--wrap',
      )}
    >
      <caption id={captionId} className={cx('pui-table__caption', hideCaption && 'pui-visually-hidden')}>
        {caption}
      </caption>
      <thead>
        <tr>
          {selectable ? (
            <th scope="col" className="pui-table__select" data-sticky={stickyStart ? 'start' : undefined}>
              <Checkbox
                aria-label={allSelected ? 'Deselect all rows' : 'Select all rows'}
                checked={allSelected}
                indeterminate={selectedCount > 0 && !allSelected}
                disabled={rows.length === 0}
                onChange={toggleAll}
              />
            </th>
          ) : null}
          {columns.map((column) => {
            const sorted = sort?.key === column.key ? sort.direction : undefined;
            const sortable = Boolean(column.sortable && onSortChange);
            return (
              <th
                key={column.key}
                scope="col"
                data-align={column.align}
                data-sticky={stickyIf(column)}
                style={column.width ? { width: column.width } : undefined}
                aria-sort={sortable ? (sorted ?? 'none') : undefined}
                aria-label={sortable ? undefined : column.headerLabel}
              >
                {sortable ? (
                  <button
                    type="button"
                    className="pui-table__sort"
                    aria-label={column.headerLabel}
                    onClick={() => onSortChange?.(nextSort(sort, column.key))}
                  >
                    <span>{column.header}</span>
                    <span className="pui-table__sort-icon" aria-hidden="true">
                      {sorted === 'ascending' ? <ArrowUpIcon /> : sorted === 'descending' ? <ArrowDownIcon /> : <ChevronsUpDownIcon />}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr className="pui-table__empty">
            <td colSpan={columnCount}>{loading ? null : (empty ?? null)}</td>
          </tr>
        ) : (
          rows.map((row, rowIndex) => {
            const key = keys[rowIndex] ?? String(rowIndex);
            const selected = selectable && Boolean(selectedKeys?.has(key));
            const extra = rowProps?.(row, rowIndex) ?? {};
            return (
              <tr key={key} data-selected={selected || undefined} {...extra}>
                {selectable ? (
                  <td className="pui-table__select" data-sticky={stickyStart ? 'start' : undefined}>
                    <Checkbox
                      aria-label={`Select ${rowLabel ? rowLabel(row, rowIndex) : `row ${rowIndex + 1}`}`}
                      checked={selected}
                      onChange={() => toggleRow(key)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.key} data-align={column.align} data-sticky={stickyIf(column)}>
                    {column.cell ? column.cell(row, rowIndex) : defaultCell(row, column.key)}
                  </td>
                ))}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}

const TableElement = memo(TableElementOf) as typeof TableElementOf;

type TableStackProps<Row> = Pick<TableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'caption' | 'hideCaption' | 'empty' | 'density' | 'rowProps'> & { captionId: string; loading: boolean };

/**
 * The rows as a list under the caption, one card per row: the first column's value as the card's
 * title, the others as a description list (each header beside its value). Read by a screen reader
 * as a list of so many items, each a list of terms; cells render as React text, never HTML.
 */
function TableStackOf<Row>({ captionId, loading, columns, rows, rowKey, caption, hideCaption = false, empty, density = 'comfortable', rowProps }: TableStackProps<Row>) {
  const [first, ...others] = columns;
  const value = (column: TableColumn<Row>, row: Row, rowIndex: number) => (column.cell ? column.cell(row, rowIndex) : defaultCell(row, column.key));
  return (
    <>
      <p id={captionId} className={cx('pui-table__caption', hideCaption && 'pui-visually-hidden')}>
        {caption}
      </p>
      {rows.length === 0 ? (
        <div className="pui-table-stack__empty">{loading ? null : (empty ?? null)}</div>
      ) : (
        <ul className={cx('pui-table-stack__rows', density === 'compact' && 'pui-table-stack__rows--compact')} aria-labelledby={captionId}>
          {rows.map((row, rowIndex) => {
            const { key: _key, ...extra } = rowProps?.(row, rowIndex) ?? {};
            return (
              <li key={rowKey(row, rowIndex)} className="pui-table-stack__row" {...(extra as HTMLAttributes<HTMLLIElement>)}>
                {first ? (
                  <p className="pui-table-stack__title">
                    <span className="pui-visually-hidden">{first.headerLabel ?? first.header}: </span>
                    {value(first, row, rowIndex)}
                  </p>
                ) : null}
                {others.length ? (
                  <dl className="pui-table-stack__cells">
                    {others.map((column) => (
                      <Fragment key={column.key}>
                        <dt>{column.headerLabel ?? column.header}</dt>
                        <dd>{value(column, row, rowIndex)}</dd>
                      </Fragment>
                    ))}
                  </dl>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

const TableStack = memo(TableStackOf) as typeof TableStackOf;
