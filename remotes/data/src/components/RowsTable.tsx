// The page of rows: a column per table column (name and type in the header, sortable), cells
// edited in place, related rows as links, a checkbox per row for deleting several, and a
// copy-as-JSON action per row.
import {
  CopyIcon,
  EmptyState,
  IconButton,
  KeyIcon,
  Table,
  VisuallyHidden,
  type SortState,
  type TableColumn,
} from '@portal/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { filterParam, type ViewSort } from '../query/view-state.js';
import { rowKey, type Row } from '../query/row-identity.js';
import type { Embed } from '../relations/embeds.js';
import type { Reference } from '../relations/references.js';
import type { ColumnModel, TableModel } from '../schema/openapi-model.js';
import { cellText } from '../values/format-value.js';
import { EditableCell, type RelatedLink } from './EditableCell.js';
import { attachGridKeyboard } from './grid-keyboard.js';
import type { ReferenceLabels } from './use-reference-labels.js';

export interface RowsTableProps {
  table: TableModel;
  rows: readonly Row[];
  embeds: readonly Embed[];
  /** Foreign keys' targets, by column: their cells show labels and edit with a picker. */
  references: ReadonlyMap<string, Reference>;
  /** Labels of keys whose target the page's read could not embed. */
  referenceLabels: ReferenceLabels;
  /** The remote's route, for links to related rows. */
  route: string;
  sort: ViewSort | null;
  onSortChange: (sort: ViewSort | null) => void;
  loading: boolean;
  /** Whether cells may be edited (the table is updatable and has a primary key). */
  editable: boolean;
  /** Selection for deleting; absent when rows cannot be deleted. */
  selectedKeys?: ReadonlySet<string>;
  onSelectionChange?: (keys: Set<string>) => void;
  /** Keys of rows someone else changed a moment ago (highlighted). */
  changedKeys: ReadonlySet<string>;
  onSaveCell: (
    row: Row,
    column: ColumnModel,
    value: unknown,
    previous?: { value: unknown },
  ) => Promise<void>;
  onCopyRow: (row: Row) => void;
  /** A further action for a row (e.g. sharing it), beside copying it. */
  rowAction?: (row: Row, rowLabel: string) => ReactNode;
  empty: ReactNode;
}

const ACTIONS_KEY = ' actions';
const NUMERIC = new Set(['integer', 'number']);

/** "row 3", "row 7, 2" — names a row by its key, or by its place without one. */
export function rowLabelOf(table: TableModel, row: Row, index: number): string {
  if (table.primaryKey.length === 0) return `row ${index + 1}`;
  return `row ${table.primaryKey.map((c) => cellText(row[c])).join(', ')}`;
}

function ColumnHeader({ column }: { column: ColumnModel }): ReactNode {
  return (
    <span className="data-col-head">
      <span className="data-col-head__name">
        {column.primaryKey ? <KeyIcon className="data-col-head__key" /> : null}
        {column.name}
      </span>
      <span className="data-col-head__type">
        {column.foreignKey ? `${column.format} → ${column.foreignKey.table}` : column.format}
      </span>
    </span>
  );
}

/** The label of the row a foreign key points at: from the page's embedding, or read apart. */
function labelOf(
  embed: Embed | undefined,
  labels: ReadonlyMap<string, string> | undefined,
  column: string,
  row: Row,
): string | null {
  const key = row[column];
  if (key === null || key === undefined) return null;
  if (embed) {
    const related = row[embed.alias] as Row | null | undefined;
    const label = related ? cellText(related[embed.labelColumn]) : '';
    return label === '' ? null : label;
  }
  return labels?.get(cellText(key)) ?? null;
}

function relatedLink(route: string, embed: Embed | undefined, row: Row): RelatedLink | null {
  if (!embed) return null;
  const related = row[embed.alias] as Row | null | undefined;
  if (!related || related[embed.targetColumn] === null || related[embed.targetColumn] === undefined)
    return null;
  const key = cellText(related[embed.targetColumn]);
  const label = cellText(related[embed.labelColumn]) || key;
  const params = new URLSearchParams({
    f: filterParam({ column: embed.targetColumn, operator: 'eq', value: key }),
  });
  return { label, href: `${route}/${encodeURIComponent(embed.table)}?${params.toString()}` };
}

export function RowsTable({
  table,
  rows,
  embeds,
  references,
  referenceLabels,
  route,
  sort,
  onSortChange,
  loading,
  editable,
  selectedKeys,
  onSelectionChange,
  changedKeys,
  onSaveCell,
  onCopyRow,
  rowAction,
  empty,
}: RowsTableProps): ReactNode {
  const embedOf = new Map(embeds.map((e) => [e.column, e]));
  const columns: TableColumn<Row>[] = table.columns.map((column, position) => ({
    key: column.name,
    header: <ColumnHeader column={column} />,
    sortable: true,
    // The key a row is known by stays in view while the table scrolls sideways (a cell far to the
    // right being edited still shows whose it is), when it is the first column, as it usually is.
    sticky: position === 0 && table.primaryKey.includes(column.name),
    align: NUMERIC.has(column.kind) && !column.foreignKey ? 'end' : 'start',
    cell: (row, index) => (
      <EditableCell
        column={column}
        value={row[column.name]}
        rowLabel={rowLabelOf(table, row, index)}
        editable={editable}
        related={relatedLink(route, embedOf.get(column.name), row)}
        reference={references.get(column.name) ?? null}
        valueLabel={
          references.has(column.name)
            ? labelOf(embedOf.get(column.name), referenceLabels.get(column.name), column.name, row)
            : null
        }
        onSave={(value, previous) => onSaveCell(row, column, value, previous)}
      />
    ),
  }));
  columns.push({
    key: ACTIONS_KEY,
    header: <VisuallyHidden>Row actions</VisuallyHidden>,
    width: rowAction ? '6rem' : '3rem',
    cell: (row, index) => (
      <span className="data-row-actions">
        {rowAction?.(row, rowLabelOf(table, row, index))}
        <IconButton size="sm" label={`Copy ${rowLabelOf(table, row, index)} as JSON`} icon={<CopyIcon />} onClick={() => onCopyRow(row)} />
      </span>
    ),
  });

  const uiSort: SortState | null = sort
    ? { key: sort.column, direction: sort.direction === 'asc' ? 'ascending' : 'descending' }
    : null;
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const table = wrapper.current?.querySelector('table');
    return table ? attachGridKeyboard(table) : undefined;
  }, []);
  return (
    <div ref={wrapper} className="data-grid">
      <Table<Row>
        grid
        className="data-rows"
        caption={`Rows of ${table.name}`}
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row, index) => rowKey(table, row) ?? `#${index}`}
        rowLabel={(row, index) => rowLabelOf(table, row, index)}
        sort={uiSort}
        onSortChange={(next) =>
          onSortChange(
            next
              ? { column: next.key, direction: next.direction === 'ascending' ? 'asc' : 'desc' }
              : null,
          )
        }
        density="compact"
        loading={loading}
        empty={empty ?? <EmptyState title="No rows" compact />}
        rowProps={(row) => {
          const key = rowKey(table, row);
          return {
            'data-row-key': key ?? undefined,
            'data-changed': key !== null && changedKeys.has(key) ? 'true' : undefined,
          } as Record<string, string | undefined>;
        }}
        {...(selectedKeys && onSelectionChange ? { selectedKeys, onSelectionChange } : {})}
      />
    </div>
  );
}
