// An array column's value as a list of item texts, and back: what the list editor edits. The
// editor's text stays the JSON array parse-value.ts checks, so a list and a pasted JSON array
// are checked alike; an item that does not fit the element type is kept as typed (a string), and
// the check names it ("Item 2 ("x") is not a whole number").
import type { ColumnKind } from '../schema/column-kind.js';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The items of an editor's JSON text; a text that is no JSON array is one item as it is. */
export function itemsOf(text: string): string[] {
  if (text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.map((item) => (item === null ? '' : typeof item === 'string' ? item : JSON.stringify(item)));
  } catch {
    // not JSON: shown as one item, which the check then explains
  }
  return [text];
}

/** One item's JSON value for the elements' kind: numbers and booleans unquoted when they read as such. */
function itemValue(kind: ColumnKind | null, item: string): unknown {
  const trimmed = item.trim();
  if ((kind === 'integer' || kind === 'number') && NUMBER.test(trimmed)) return Number(trimmed);
  if (kind === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (kind === 'json') {
    try {
      return JSON.parse(item) as unknown;
    } catch {
      return item;
    }
  }
  return item;
}

/** The editor's JSON text for a list of item texts. */
export function textOfItems(kind: ColumnKind | null, items: readonly string[]): string {
  return JSON.stringify(items.map((item) => itemValue(kind, item)));
}
