// A column value as text: for a table cell (one line, exactly what the server sent) and as the
// starting text of an editor (which parse-value.ts reads back).
import type { ColumnModel } from '../schema/openapi-model.js';

/** One line of text for a cell; null is shown separately (as a NULL marker), so it is ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text an editor starts from. JSON is pretty-printed so it can be edited line by line. */
export function editorText(column: ColumnModel, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'json') return JSON.stringify(value, null, 2);
  if (column.kind === 'array') return JSON.stringify(value);
  return cellText(value);
}

/** What the defaults Supabase projects use most mean, for people. */
const KNOWN_DEFAULTS: Record<string, string> = {
  'auth.uid()': 'you (auth.uid())',
  'now()': 'the time it is added (now())',
  'CURRENT_TIMESTAMP': 'the time it is added (now())',
  'gen_random_uuid()': 'a new random id (gen_random_uuid())',
  'uuid_generate_v4()': 'a new random id (uuid_generate_v4())',
  'CURRENT_DATE': 'today (current_date)',
};

/** The default a new row gets, in words ("Default: you (auth.uid())"), for the add-row form. */
export function describeDefault(column: ColumnModel): string | null {
  if (!column.hasDefault) return null;
  const value = column.defaultValue;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `Default: ${KNOWN_DEFAULTS[text] ?? text}`;
}
