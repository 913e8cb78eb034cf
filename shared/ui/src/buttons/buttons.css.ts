export const buttonsCss = `
.pui-button {
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--pui-space-2);
  height: var(--pui-control-md);
  padding: 0 var(--pui-space-3);
  border: 1px solid transparent;
  border-radius: var(--pui-radius-md);
  font-family: inherit;
  font-size: var(--pui-text-md);
  font-weight: var(--pui-weight-medium);
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition: background-color var(--pui-duration) var(--pui-ease), border-color var(--pui-duration) var(--pui-ease), color var(--pui-duration) var(--pui-ease), box-shadow var(--pui-duration) var(--pui-ease);
}
.pui-button--sm { height: var(--pui-control-sm); padding: 0 var(--pui-space-2); font-size: var(--pui-text-sm); gap: var(--pui-space-1); }
.pui-button--lg { height: var(--pui-control-lg); padding: 0 var(--pui-space-4); font-size: var(--pui-text-lg); }
.pui-button--block { display: flex; width: 100%; }

.pui-button--primary { background: var(--pui-accent); color: var(--pui-text-on-accent); box-shadow: var(--pui-shadow-sm); }
.pui-button--primary:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--pui-accent-hover); }
.pui-button--secondary { background: var(--pui-surface); color: var(--pui-text); border-color: var(--pui-border-strong); box-shadow: var(--pui-shadow-sm); }
.pui-button--secondary:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--pui-surface-hover); }
.pui-button--danger { background: var(--pui-danger); color: var(--pui-text-on-danger); box-shadow: var(--pui-shadow-sm); }
.pui-button--danger:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--pui-danger-hover); }
.pui-button--ghost { background: transparent; color: var(--pui-text-muted); }
.pui-button--ghost:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--pui-surface-hover); color: var(--pui-text); }
.pui-button:active:not(:disabled):not([aria-disabled="true"]) { transform: translateY(0.5px); }

.pui-button:disabled, .pui-button[aria-disabled="true"] { cursor: not-allowed; opacity: 0.55; box-shadow: none; }
.pui-button[data-loading="true"] { cursor: progress; opacity: 1; }
.pui-button[data-loading="true"] .pui-button__label,
.pui-button[data-loading="true"] .pui-button__icon { visibility: hidden; }
.pui-button__spinner { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
.pui-button__icon { display: inline-flex; font-size: 1.1em; }

.pui-icon-button {
  width: var(--pui-control-md);
  padding: 0;
}
.pui-icon-button.pui-button--sm { width: var(--pui-control-sm); }
.pui-icon-button.pui-button--lg { width: var(--pui-control-lg); }
.pui-icon-button .pui-button__icon { font-size: 1.15rem; }
.pui-icon-button.pui-button--sm .pui-button__icon { font-size: 1rem; }
@media (forced-colors: active) {
  .pui-button:disabled, .pui-button[aria-disabled="true"] { color: GrayText; border-color: GrayText; }
}
`;
