export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  /** The column key. */
  key: string;
  direction: SortDirection;
}

/**
 * The sort after a click on `key`'s header: a new column sorts ascending, then
 * descending, then the sort is cleared (so a data browser can return to its natural order).
 */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'ascending' };
  if (current.direction === 'ascending') return { key, direction: 'descending' };
  return null;
}
