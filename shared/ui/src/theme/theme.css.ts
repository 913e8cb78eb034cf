import { themeSwitchCss } from './instantThemeSwitch.js';

export const themeCss = `${themeSwitchCss}.pui-theme-toggle {
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 2px;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-full);
  background: var(--pui-bg-subtle);
}
.pui-theme-toggle__option {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.625rem;
  height: 1.625rem;
  padding: 0;
  border: 1px solid transparent;
  border-radius: var(--pui-radius-full);
  background: transparent;
  color: var(--pui-text-subtle);
  font-size: 0.875rem;
  cursor: pointer;
  transition: background-color var(--pui-duration) var(--pui-ease), color var(--pui-duration) var(--pui-ease);
}
.pui-theme-toggle__option:hover { color: var(--pui-text); }
/* The chosen one is ringed in the controls' edge colour (3:1): its raised fill alone is about 1.1:1 from the group's. */
.pui-theme-toggle__option[aria-checked="true"] { background: var(--pui-surface-raised); color: var(--pui-text); border-color: var(--pui-border-control); box-shadow: var(--pui-shadow-sm); }
@media (forced-colors: active) {
  .pui-theme-toggle__option { border-color: Canvas; }
  .pui-theme-toggle__option[aria-checked="true"] { forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; outline-color: CanvasText; }
}
`;
