export const dataCss = `
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
.pui-table tbody tr { transition: background-color var(--pui-duration) var(--pui-ease); }
.pui-table tbody tr:hover td { background: var(--pui-surface-hover); }
.pui-table tbody tr[data-selected="true"] td { background: var(--pui-accent-subtle); }
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
.pui-pagination__page[aria-current="page"] { background: var(--pui-accent-subtle); color: var(--pui-accent-text); border-color: var(--pui-accent-border); }
.pui-pagination__page { min-width: var(--pui-control-sm); font-variant-numeric: tabular-nums; }
.pui-pagination__gap { padding: 0 var(--pui-space-1); color: var(--pui-text-subtle); }

.pui-badge {
  display: inline-flex;
  align-items: center;
  gap: var(--pui-space-1);
  height: 1.375rem;
  padding: 0 var(--pui-space-2);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-full);
  background: var(--pui-bg-muted);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-xs);
  font-weight: var(--pui-weight-medium);
  line-height: 1;
  white-space: nowrap;
  vertical-align: middle;
}
.pui-badge--accent, .pui-badge--success { background: var(--pui-success-subtle); color: var(--pui-success-text); border-color: var(--pui-success-border); }
.pui-badge--info { background: var(--pui-info-subtle); color: var(--pui-info-text); border-color: var(--pui-info-border); }
.pui-badge--warning { background: var(--pui-warning-subtle); color: var(--pui-warning-text); border-color: var(--pui-warning-border); }
.pui-badge--danger { background: var(--pui-danger-subtle); color: var(--pui-danger-text); border-color: var(--pui-danger-border); }
.pui-badge__dot { width: 6px; height: 6px; border-radius: 50%; background: currentColor; }

.pui-avatar {
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  overflow: hidden;
  background: var(--pui-avatar-bg, var(--pui-bg-muted));
  color: #fff;
  font-size: var(--pui-text-sm);
  font-weight: var(--pui-weight-semibold);
  line-height: 1;
  user-select: none;
  box-shadow: 0 0 0 1px var(--pui-border);
}
.pui-avatar--sm { width: 1.5rem; height: 1.5rem; font-size: 0.625rem; }
.pui-avatar--lg { width: 2.75rem; height: 2.75rem; font-size: var(--pui-text-lg); }
.pui-avatar__image { width: 100%; height: 100%; object-fit: cover; }
.pui-avatar__status {
  position: absolute;
  right: -1px;
  bottom: -1px;
  width: 30%;
  height: 30%;
  border-radius: 50%;
  border: 2px solid var(--pui-surface);
  background: var(--pui-text-subtle);
}
.pui-avatar-wrap { position: relative; display: inline-flex; flex: none; border-radius: 50%; }
.pui-avatar--more { background: var(--pui-bg-muted); color: var(--pui-text-muted); font-size: var(--pui-text-xs); }
.pui-avatar-wrap .pui-avatar__status[data-status="online"] { background: #22c55e; }
.pui-avatar-wrap .pui-avatar__status[data-status="away"] { background: #f59e0b; }
.pui-avatar-group { display: inline-flex; }
.pui-avatar-group > * + * { margin-left: -0.5rem; }
.pui-avatar-group .pui-avatar { box-shadow: 0 0 0 2px var(--pui-surface); }

.pui-code {
  padding: 0.1em 0.35em;
  border-radius: var(--pui-radius-sm);
  background: var(--pui-code-bg);
  border: 1px solid var(--pui-border);
  font-family: var(--pui-font-mono);
  font-size: 0.875em;
  color: var(--pui-text);
  word-break: break-word;
}
.pui-code-block {
  position: relative;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-code-bg);
  min-width: 0;
}
.pui-code-block__header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--pui-space-2);
  padding: var(--pui-space-1) var(--pui-space-1) var(--pui-space-1) var(--pui-space-3);
  border-bottom: 1px solid var(--pui-border);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-xs);
  font-weight: var(--pui-weight-medium);
}
.pui-code-block__pre {
  margin: 0;
  padding: var(--pui-space-3) var(--pui-space-4);
  overflow: auto;
  font-family: var(--pui-font-mono);
  font-size: var(--pui-text-sm);
  line-height: 1.6;
  color: var(--pui-text);
  tab-size: 2;
}
.pui-code-block--floating-copy { display: flex; align-items: flex-start; }
.pui-code-block--floating-copy .pui-code-block__pre { flex: 1; min-width: 0; padding-right: var(--pui-space-2); }
.pui-code-block--floating-copy > .pui-icon-button { flex: none; margin: var(--pui-space-2) var(--pui-space-2) 0 0; }
.pui-code-block--wrap .pui-code-block__pre { white-space: pre-wrap; word-break: break-word; }
.pui-code-block__pre:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: -2px; border-radius: var(--pui-radius-lg); }

.pui-description-list { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: var(--pui-space-2) var(--pui-space-6); margin: 0; font-size: var(--pui-text-md); }
.pui-description-list dt { color: var(--pui-text-muted); }
.pui-description-list dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;
