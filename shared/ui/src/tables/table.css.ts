import type { StylePart } from '../styles/parts.js';

// The table's and the pagination's rules: part of the tables group (@portal/ui/tables),
// so a page without a table does not carry them.
export const tableCss = `
.pui-table-container {
  position: relative;
  overflow: auto;
  max-width: 100%;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-surface);
}
.pui-table {
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: var(--pui-text-md);
  color: var(--pui-text);
  font-variant-numeric: tabular-nums;
}
.pui-table__caption {
  caption-side: top;
  text-align: left;
  padding: var(--pui-space-3) var(--pui-space-4);
  font-weight: var(--pui-weight-semibold);
  color: var(--pui-text);
  border-bottom: 1px solid var(--pui-border);
}
.pui-table th, .pui-table td {
  padding: 0 var(--pui-space-3);
  height: 2.5rem;
  text-align: left;
  vertical-align: middle;
  border-bottom: 1px solid var(--pui-border);
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  max-width: 32rem;
}
.pui-table--compact th, .pui-table--compact td { height: 2rem; padding: 0 var(--pui-space-2); font-size: var(--pui-text-sm); }
.pui-table--wrap td { white-space: normal; }
.pui-table tbody tr:last-child td { border-bottom: 0; }
.pui-table th {
  background: var(--pui-bg-subtle);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-sm);
  font-weight: var(--pui-weight-medium);
}
.pui-table--sticky th { position: sticky; top: 0; z-index: var(--pui-z-sticky); }
/* A sticky first column (and the checkboxes before it) stays while the table scrolls sideways; it is
   opaque, so what scrolls under it does not show through, and a translucent row colour is laid
   over the surface. The checkbox column has a fixed width, which the column after it starts at. */
.pui-table [data-sticky="start"] { position: sticky; left: 0; z-index: 1; background-color: var(--pui-surface); }
.pui-table th[data-sticky="start"] { z-index: calc(var(--pui-z-sticky) + 1); background-color: var(--pui-bg-subtle); }
.pui-table--sticky-after-select [data-sticky="start"]:not(.pui-table__select) { left: 2.5rem; }
.pui-table [data-sticky="start"]:is(.pui-table__select) { min-width: 2.5rem; max-width: 2.5rem; }
.pui-table [data-sticky="start"]:not(:has(+ [data-sticky])) { box-shadow: inset -1px 0 0 var(--pui-border); }
.pui-table tbody tr { transition: background-color var(--pui-duration) var(--pui-ease); }
.pui-table tbody tr:hover td { background: var(--pui-surface-hover); }
.pui-table tbody tr[data-selected="true"] td { background: var(--pui-accent-subtle); }
.pui-table tbody tr[data-selected="true"] td[data-sticky] { background: linear-gradient(var(--pui-accent-subtle), var(--pui-accent-subtle)) var(--pui-surface); }
.pui-table td[data-align="end"], .pui-table th[data-align="end"] { text-align: right; }
.pui-table td[data-align="center"], .pui-table th[data-align="center"] { text-align: center; }
.pui-table th[data-align="end"] .pui-table__sort { flex-direction: row-reverse; }
.pui-table__select { width: 2.5rem; padding-right: 0 !important; }
.pui-table__select .pui-checkbox { vertical-align: middle; }
.pui-table__sort {
  display: inline-flex;
  align-items: center;
  gap: var(--pui-space-1);
  margin: 0 calc(-1 * var(--pui-space-1));
  padding: var(--pui-space-1);
  border: 0;
  border-radius: var(--pui-radius-sm);
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
.pui-table__sort:hover { color: var(--pui-text); background: var(--pui-surface-active); }
.pui-table__sort-icon { color: var(--pui-text-subtle); font-size: 0.875rem; display: inline-flex; }
.pui-table th[aria-sort="ascending"] .pui-table__sort, .pui-table th[aria-sort="descending"] .pui-table__sort { color: var(--pui-text); }
.pui-table th[aria-sort="ascending"] .pui-table__sort-icon, .pui-table th[aria-sort="descending"] .pui-table__sort-icon { color: var(--pui-accent-text); }
.pui-table__empty td { height: auto; padding: 0; white-space: normal; }
.pui-table__empty td:hover { background: transparent !important; }
.pui-table__loading { position: absolute; left: 0; right: 0; top: 0; }

/* A table drawn as a list of cards (Table's stackBelow, a narrow window). */
.pui-table-stack {
  position: relative;
  max-width: 100%;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-surface);
  color: var(--pui-text);
  font-size: var(--pui-text-md);
}
.pui-table-stack > .pui-table__caption { margin: 0; }
.pui-table-stack__rows { list-style: none; margin: 0; padding: 0; }
.pui-table-stack__row { padding: var(--pui-space-3) var(--pui-space-4); border-bottom: 1px solid var(--pui-border); min-width: 0; }
.pui-table-stack__row:last-child { border-bottom: 0; }
.pui-table-stack__title { margin: 0 0 var(--pui-space-2); font-weight: var(--pui-weight-semibold); overflow-wrap: anywhere; }
.pui-table-stack__cells { display: grid; grid-template-columns: minmax(5rem, max-content) minmax(0, 1fr); gap: var(--pui-space-1) var(--pui-space-3); margin: 0; }
.pui-table-stack__cells > dt { color: var(--pui-text-muted); font-size: var(--pui-text-sm); }
.pui-table-stack__cells > dd { margin: 0; min-width: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.pui-table-stack__rows--compact .pui-table-stack__row { padding: var(--pui-space-2) var(--pui-space-3); font-size: var(--pui-text-sm); }
.pui-table-stack__empty { white-space: normal; }

.pui-pagination {
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: var(--pui-space-3);
  padding: var(--pui-space-2) 0;
  font-size: var(--pui-text-sm);
  color: var(--pui-text-muted);
}
.pui-pagination__summary { font-variant-numeric: tabular-nums; }
.pui-pagination__controls { display: flex; align-items: center; gap: var(--pui-space-2); flex-wrap: wrap; }
.pui-pagination__size { display: flex; align-items: center; gap: var(--pui-space-2); }
.pui-pagination__size .pui-input-wrap { width: auto; }
.pui-pagination__pages { display: flex; align-items: center; gap: var(--pui-space-1); list-style: none; margin: 0; padding: 0; }
/* The current page's border is the accent (3:1 and more): its tinted fill alone is about 1.05:1 from the others'. */
.pui-pagination__page[aria-current="page"] { background: var(--pui-accent-subtle); color: var(--pui-accent-text); border-color: var(--pui-accent); }
.pui-pagination__page { min-width: var(--pui-control-sm); font-variant-numeric: tabular-nums; }
.pui-pagination__gap { padding: 0 var(--pui-space-1); color: var(--pui-text-subtle); }
@media (forced-colors: active) {
  /* A row's colour and the sticky column's edge (a shadow) are not painted. */
  .pui-table tbody tr[data-selected="true"] { outline: 2px solid Highlight; outline-offset: -2px; }
  .pui-table [data-sticky="start"]:not(:has(+ [data-sticky])) { border-right: 1px solid CanvasText; }
  .pui-pagination__page[aria-current="page"] { forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; outline-color: CanvasText; }
}
`;

/** The table's part of the stylesheet (after the forms' rules, before the data components'). */
export const tablePart: StylePart = { name: 'table', css: tableCss };
