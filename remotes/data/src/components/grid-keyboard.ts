// The keyboard of a table of rows, as a spreadsheet's (the WAI-ARIA grid pattern): the grid is one
// tab stop; the arrow keys move between cells (and between the controls of a cell, left to
// right), Home/End to the row's ends, Ctrl+Home/End to the grid's; Enter or a click edits, Escape
// leaves the editor. A roving tabindex keeps every other cell out of the tab order, so a table
// of 25 rows is not 250 tab stops. Controls inside an open editor keep the keys to themselves.

/** What can hold the focus inside a cell. */
const CONTROLS = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])';
/** Inside an open cell editor the keys are the editor's. */
const EDITOR = '.data-cell--editing';
/** Keys an editable control needs for itself (a checkbox does not). */
const TEXT_ENTRY = 'input:not([type="checkbox"]):not([type="radio"]), select, textarea';

type Stop = HTMLElement;

/** The focus stops of a row, cell by cell: the cell's controls, or the cell itself when it has none. */
function stopsOf(row: HTMLTableRowElement): Stop[][] {
  return [...row.cells].map((cell) => {
    if (cell.querySelector(EDITOR)) return [];
    const controls = [...cell.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => !el.closest(EDITOR));
    return controls.length > 0 ? controls : [cell];
  });
}

function rowsOf(table: HTMLTableElement): HTMLTableRowElement[] {
  // Rows with no cell to stop on (the empty state's row) are skipped.
  return [...table.rows].filter((row) => row.cells.length > 0);
}

function position(table: HTMLTableElement, target: Element): { row: number; cell: number; stop: number } | null {
  const rows = rowsOf(table);
  for (let r = 0; r < rows.length; r += 1) {
    const cells = stopsOf(rows[r]!);
    for (let c = 0; c < cells.length; c += 1) {
      const s = cells[c]!.indexOf(target as HTMLElement);
      if (s >= 0) return { row: r, cell: c, stop: s };
    }
  }
  return null;
}

/** Every stop out of the tab order but `active` (the first body cell when none is). */
export function applyRovingTabIndex(table: HTMLTableElement, active: Element | null): HTMLElement | null {
  const rows = rowsOf(table);
  const all = rows.flatMap((row) => stopsOf(row).flat());
  const firstRow = table.tBodies[0]?.rows[0] ?? rows[0];
  const fallback = firstRow && firstRow.cells.length > 0 ? (stopsOf(firstRow).flat()[0] ?? null) : (all[0] ?? null);
  const chosen = active && all.includes(active as HTMLElement) ? (active as HTMLElement) : fallback;
  for (const stop of all) {
    const wanted = stop === chosen ? '0' : '-1';
    if (stop.getAttribute('tabindex') !== wanted) stop.setAttribute('tabindex', wanted);
  }
  return chosen;
}

/** The stop a key moves to from `from`, or null when the key is not the grid's. */
export function nextStop(table: HTMLTableElement, from: Element, key: string, ctrl: boolean): HTMLElement | null {
  const at = position(table, from);
  if (!at) return null;
  const rows = rowsOf(table).map(stopsOf);
  const row = rows[at.row]!;
  const flat = row.flat();
  const index = flat.indexOf(from as HTMLElement);
  const first = (cells: Stop[][]) => cells.flat()[0] ?? null;
  const inCell = (r: number) => {
    const cells = rows[r];
    if (!cells) return null;
    // The same column, or the nearest one before it that has a stop.
    for (let c = Math.min(at.cell, cells.length - 1); c >= 0; c -= 1) if (cells[c]!.length > 0) return cells[c]![0]!;
    return first(cells);
  };
  switch (key) {
    case 'ArrowRight':
      return flat[index + 1] ?? null;
    case 'ArrowLeft':
      return flat[index - 1] ?? null;
    case 'ArrowDown':
      return inCell(at.row + 1);
    case 'ArrowUp':
      return inCell(at.row - 1);
    case 'Home':
      return ctrl ? first(rows[0] ?? []) : (flat[0] ?? null);
    case 'End':
      return ctrl ? (rows[rows.length - 1]?.flat().at(-1) ?? null) : (flat.at(-1) ?? null);
    case 'PageDown':
      return inCell(Math.min(rows.length - 1, at.row + 10));
    case 'PageUp':
      return inCell(Math.max(0, at.row - 10));
    default:
      return null;
  }
}

/** Wires the grid's keys and roving tabindex into `table`; returns the function that undoes it. */
export function attachGridKeyboard(table: HTMLTableElement): () => void {
  let active: Element | null = null;
  const apply = () => {
    active = applyRovingTabIndex(table, active);
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Element;
    if (target.closest(EDITOR)) return;
    if (position(table, target)) {
      active = target;
      apply();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as Element;
    if (target.closest(EDITOR) || (target.matches(TEXT_ENTRY) && !target.matches('[type="checkbox"]'))) return;
    if (event.altKey || event.metaKey) return;
    const next = nextStop(table, target, event.key, event.ctrlKey);
    if (!next) return;
    event.preventDefault();
    active = next;
    apply();
    next.focus();
  };
  // Rows come and go (paging, refreshes, an editor opening): the tab stop follows.
  const observer = new MutationObserver(() => apply());
  observer.observe(table, { childList: true, subtree: true });
  table.addEventListener('focusin', onFocusIn);
  table.addEventListener('keydown', onKeyDown);
  apply();
  return () => {
    observer.disconnect();
    table.removeEventListener('focusin', onFocusIn);
    table.removeEventListener('keydown', onKeyDown);
  };
}
