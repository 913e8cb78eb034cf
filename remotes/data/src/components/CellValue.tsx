import type { ReactNode } from 'react';
import type { ColumnModel } from '../schema/openapi-model.js';
import { cellText } from '../values/format-value.js';

const MONO_KINDS = new Set(['json', 'array', 'uuid']);

/** A value as text (never HTML), with NULL and booleans marked so they read at a glance. */
export function CellValue({ column, value }: { column: ColumnModel; value: unknown }): ReactNode {
  if (value === null || value === undefined) return <span className="data-null">NULL</span>;
  const text = cellText(value);
  if (column.kind === 'boolean') return <span className={`data-bool data-bool--${text}`}>{text}</span>;
  if (text === '') return <span className="data-null">EMPTY</span>;
  return <span className={MONO_KINDS.has(column.kind) ? 'data-value data-value--mono' : 'data-value'}>{text}</span>;
}
