// The data remote's own styles, on the design system's tokens. Plain rules beat @portal/ui's
// (its sheet sits in a cascade layer), so only what the components do not cover is here.
export const dataStylesheet = `
.data-page { display: flex; flex-direction: column; gap: var(--pui-space-4); min-width: 0; }
.data-page .pui-page-header { margin-bottom: 0; }
.data-breadcrumb { display: flex; gap: var(--pui-space-2); align-items: center; font-size: var(--pui-text-sm); color: var(--pui-text-subtle); margin-bottom: calc(-1 * var(--pui-space-2)); }
.data-breadcrumb a { color: var(--pui-text-muted); text-decoration: none; }
.data-breadcrumb a:hover { color: var(--pui-text); text-decoration: underline; }
.data-breadcrumb [aria-current] { color: var(--pui-text); font-weight: var(--pui-weight-medium); }

.data-toolbar { display: flex; flex-wrap: wrap; gap: var(--pui-space-2); align-items: center; }
.data-search { flex: 1 1 18rem; max-width: 30rem; }
.data-toolbar__status { font-size: var(--pui-text-sm); color: var(--pui-text-subtle); }
.data-count-badge { margin-left: var(--pui-space-1); }

.data-filterbar {
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-bg-subtle);
  padding: var(--pui-space-3);
  display: flex; flex-direction: column; gap: var(--pui-space-2);
}
.data-filterbar__empty { margin: 0; font-size: var(--pui-text-sm); color: var(--pui-text-muted); }
.data-filterbar__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-2); }
.data-filter {
  display: grid;
  grid-template-columns: 3rem minmax(8rem, 13rem) minmax(8rem, 12rem) minmax(10rem, 1fr) auto;
  gap: var(--pui-space-2);
  align-items: center;
}
.data-filter__join { font-size: var(--pui-text-sm); color: var(--pui-text-subtle); text-align: right; }
.data-filter__error { grid-column: 2 / -1; margin: 0; font-size: var(--pui-text-sm); color: var(--pui-danger-text); }
.data-filterbar__actions { display: flex; gap: var(--pui-space-2); align-items: center; padding-left: 3.5rem; }
.data-toolbar__spacer, .data-filterbar__spacer, .data-selection__spacer, .data-cell-editor__spacer { flex: 1; }
@media (max-width: 720px) {
  .data-filter { grid-template-columns: 1fr 1fr; }
  .data-filter__join { display: none; }
  .data-filter__error { grid-column: 1 / -1; }
  .data-filterbar__actions { padding-left: 0; flex-wrap: wrap; }
}

.data-selection {
  display: flex; align-items: center; gap: var(--pui-space-2);
  padding: var(--pui-space-2) var(--pui-space-3);
  border: 1px solid var(--pui-accent-border);
  background: var(--pui-accent-subtle);
  border-radius: var(--pui-radius-lg);
  font-size: var(--pui-text-sm);
  font-weight: var(--pui-weight-medium);
}

.data-grid { min-width: 0; }
.data-row-actions { display: inline-flex; gap: var(--pui-space-1); }
.data-invitations {
  border: 1px solid var(--pui-accent-border); background: var(--pui-accent-subtle);
  border-radius: var(--pui-radius-lg); padding: var(--pui-space-3);
  display: flex; flex-direction: column; gap: var(--pui-space-2);
}
.data-invitations__title { margin: 0; font-size: var(--pui-text-base); font-weight: var(--pui-weight-semibold); display: flex; gap: var(--pui-space-2); align-items: center; }
.data-invitations__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-2); }
.data-invitation { display: flex; flex-wrap: wrap; gap: var(--pui-space-2); align-items: center; justify-content: space-between; }
.data-invitation__text { min-width: 0; overflow-wrap: anywhere; }
.data-invitation__actions { display: inline-flex; gap: var(--pui-space-2); }
.data-share-form { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1.4fr) auto; gap: var(--pui-space-3); align-items: end; }
.data-share-none { margin: 0; color: var(--pui-text-muted); font-size: var(--pui-text-sm); }
@media (max-width: 560px) { .data-share-form { grid-template-columns: 1fr; } }
.data-rows .pui-table { width: max-content; min-width: 100%; }
.data-rows .pui-table td { max-width: 22rem; }
.data-rows .pui-table td:has(.data-cell--editing) { overflow: visible; white-space: normal; vertical-align: top; max-width: none; }
.data-rows .pui-table th { padding-top: var(--pui-space-1); padding-bottom: var(--pui-space-1); height: auto; }
.data-col-head { display: inline-flex; flex-direction: column; align-items: flex-start; line-height: var(--pui-leading-tight); }
.data-col-head__name { display: inline-flex; align-items: center; gap: var(--pui-space-1); color: var(--pui-text); font-weight: var(--pui-weight-semibold); }
.data-col-head__key { color: var(--pui-warning-text); font-size: 0.75rem; }
.data-col-head__type { font-family: var(--pui-font-mono); font-size: 0.6875rem; color: var(--pui-text-subtle); font-weight: var(--pui-weight-regular); }
.data-rows .pui-table th[data-align="end"] .data-col-head { align-items: flex-end; }

.data-cell { display: flex; align-items: center; gap: var(--pui-space-2); min-width: 0; }
.data-rows td[data-align="end"] .data-cell { justify-content: flex-end; }
.data-cell__value {
  display: block; min-width: 0; max-width: 100%;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font: inherit; color: inherit; text-align: inherit;
}
.data-cell__value--editable {
  border: 1px solid transparent; background: transparent; cursor: text;
  padding: 1px var(--pui-space-1); margin: -2px 0;
  border-radius: var(--pui-radius-sm);
}
.data-cell__value--editable:hover { border-color: var(--pui-border-strong); background: var(--pui-surface); }
.data-cell__value--editable:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: 1px; }
.data-value--mono { font-family: var(--pui-font-mono); font-size: 0.75rem; }
.data-null { font-family: var(--pui-font-mono); font-size: 0.6875rem; letter-spacing: 0.04em; color: var(--pui-text-subtle); }
.data-bool { font-family: var(--pui-font-mono); font-size: 0.75rem; }
.data-bool--true { color: var(--pui-success-text); }
.data-bool--false { color: var(--pui-text-muted); }
.data-related {
  flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-size: var(--pui-text-sm); color: var(--pui-accent-text); text-decoration: none;
  padding: 0 var(--pui-space-2); border-radius: var(--pui-radius-full);
  background: var(--pui-accent-subtle); border: 1px solid var(--pui-accent-border);
}
.data-related:hover { text-decoration: underline; }

.data-cell-editor { display: flex; flex-direction: column; gap: var(--pui-space-2); min-width: 18rem; max-width: 28rem; padding: var(--pui-space-2) 0; }
.data-cell-editor__actions { display: flex; align-items: center; gap: var(--pui-space-2); }
.data-cell-editor__error { margin: 0; font-size: var(--pui-text-sm); color: var(--pui-danger-text); white-space: normal; display: flex; flex-direction: column; gap: var(--pui-space-2); }
.data-cell-editor__error p { margin: 0; }
.data-value--label { font-weight: var(--pui-weight-medium); }

.data-picker { min-width: 0; }
.data-picker__popup {
  margin-top: 2px; max-height: 14rem; overflow-y: auto;
  background: var(--pui-surface); border: 1px solid var(--pui-border-strong);
  border-radius: var(--pui-radius-md); box-shadow: var(--pui-shadow-md);
}
.data-picker__popup[hidden] { display: none; }
.data-picker__list { margin: 0; padding: var(--pui-space-1) 0; list-style: none; }
.data-picker__list:empty { display: none; }
.data-picker__option {
  display: flex; justify-content: space-between; gap: var(--pui-space-3); align-items: baseline;
  padding: var(--pui-space-1) var(--pui-space-3); cursor: pointer; white-space: normal;
}
/* The option the arrows are on is the keyboard's focus (the box's active descendant): it has the
   focus ring, as its tinted fill alone is about 1.05:1 from the others'. */
.data-picker__option[aria-selected="true"] { background: var(--pui-accent-subtle); color: var(--pui-accent-text); outline: 2px solid var(--pui-focus); outline-offset: -2px; }
.data-picker__key { font-family: var(--pui-font-mono); font-size: 0.6875rem; color: var(--pui-text-subtle); overflow-wrap: anywhere; }
.data-picker__note { margin: 0; padding: var(--pui-space-1) var(--pui-space-3); font-size: var(--pui-text-sm); color: var(--pui-text-muted); }
.data-picker__note--error { color: var(--pui-danger-text); }

.data-array { display: flex; flex-direction: column; gap: var(--pui-space-1); align-items: flex-start; min-width: 0; }
.data-array__items { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-1); width: 100%; }
.data-array__item { display: flex; gap: var(--pui-space-1); align-items: center; }
.data-array__item .pui-input-wrap { flex: 1; min-width: 0; }
.data-array__empty { margin: 0; font-size: var(--pui-text-sm); color: var(--pui-text-subtle); }

.data-rows .pui-table td:focus-visible, .data-rows .pui-table th:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: -2px; }
.data-date { font-variant-numeric: tabular-nums; }

@keyframes data-row-changed { from { background-color: var(--pui-info-subtle); } to { background-color: transparent; } }
@keyframes data-row-changed-edge { from { box-shadow: inset 3px 0 0 var(--pui-info-text); background-color: var(--pui-info-subtle); } to { box-shadow: inset 3px 0 0 transparent; background-color: transparent; } }
.data-rows tr[data-changed="true"] td { animation: data-row-changed 4s var(--pui-ease); }
.data-rows tr[data-changed="true"] td:first-child { animation-name: data-row-changed-edge; }
@media (prefers-reduced-motion: reduce) { .data-rows tr[data-changed="true"] td { animation: none; background-color: var(--pui-info-subtle); } }

.data-tables .pui-table td { height: 3rem; }
.data-table-name { display: flex; flex-direction: column; gap: 2px; }
.data-table-name a { font-weight: var(--pui-weight-semibold); color: var(--pui-accent-text); text-decoration: none; }
.data-table-name a:hover { text-decoration: underline; }
.data-table-name__description { font-size: var(--pui-text-sm); font-weight: var(--pui-weight-regular); color: var(--pui-text-muted); }
/* Two lines of a table's comment each keep the list scannable: on a phone the name column is narrow
   and a description ran to five lines and more, on a desktop to three (the whole text is on the
   table's page, in the tooltip, and read out here). It also keeps the list's text smaller than the
   page header's, which the shell paints before the API description arrives: the page's Largest
   Contentful Paint stays the header, on a phone and on a desktop (issue #40). */
.data-table-name__description { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
.data-count-error, .data-count-none { color: var(--pui-text-subtle); }
.data-type { font-family: var(--pui-font-mono); font-size: 0.6875rem; color: var(--pui-text-subtle); font-weight: var(--pui-weight-regular); margin-left: var(--pui-space-1); }

.data-add-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: var(--pui-space-4); }
.data-add-grid__wide { grid-column: 1 / -1; }
@media (forced-colors: active) {
  .data-picker__option[aria-selected="true"], .data-picker__option[aria-selected="true"] .data-picker__key { forced-color-adjust: none; background: Highlight; color: HighlightText; outline-color: HighlightText; }
}
`;
