import type { ReactNode } from 'react';
import type { ColumnModel } from '../schema/openapi-model.js';
import { localeDateText } from '../values/format-date.js';
import { cellText } from '../values/format-value.js';

const MONO_KINDS = new Set(['json', 'array', 'uuid']);

/**
 * A value as text (never HTML), with NULL and booleans marked so they read at a glance, and
 * dates and times in the person's locale (the exact value in `dateTime`, and in the cell's title).
 */
export function CellValue({ column, value }: { column: ColumnModel; value: unknown }): ReactNode {
  const shown = cellValueText(column, value);
  if (value === null || value === undefined) return <span className="data-null">{shown}</span>;
  const text = cellText(value);
  if (column.kind === 'boolean') return <span className={`data-bool data-bool--${text}`}>{shown}</span>;
  if (text === '') return <span className="data-null">{shown}</span>;
  if (localeDateText(column.kind, value) !== null) {
    return (
      <time className="data-value data-date" dateTime={text}>
        {shown}
      </time>
    );
  }
  return <span className={MONO_KINDS.has(column.kind) ? 'data-value data-value--mono' : 'data-value'}>{shown}</span>;
}

/** The text CellValue shows for a value (a cell's button is named by it). */
export function cellValueText(column: ColumnModel, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = cellText(value);
  if (column.kind === 'boolean') return text;
  if (text === '') return 'EMPTY';
  return localeDateText(column.kind, value) ?? text;
}
