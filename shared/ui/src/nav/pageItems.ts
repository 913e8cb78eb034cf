export type PageItem = number | 'gap';

/**
 * The page numbers to show for `current` of `count` pages: always the first and last,
 * `siblings` on each side of the current one, and 'gap' where numbers are skipped.
 * The list has a stable length once there are enough pages, so buttons don't jump.
 */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  if (count <= 0) return [];
  const slots = siblings * 2 + 5; // first, last, current, siblings and two gaps
  if (count <= slots) return Array.from({ length: count }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), count);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, count);
  const showLeftGap = left > 3;
  const showRightGap = right < count - 2;
  const edge = siblings * 2 + 3;
  if (!showLeftGap) {
    return [...Array.from({ length: edge }, (_, i) => i + 1), 'gap', count];
  }
  if (!showRightGap) {
    return [1, 'gap', ...Array.from({ length: edge }, (_, i) => count - edge + 1 + i)];
  }
  return [1, 'gap', ...Array.from({ length: right - left + 1 }, (_, i) => left + i), 'gap', count];
}
